import type { ReactNode } from 'react';
import { Modal, type ModalProps } from '@/core/ui/modal';
import { FormEngine, type FormEngineProps } from './form-engine';

export interface FormModalProps extends Omit<FormEngineProps, 'onCancel'> {
  title: string;
  onClose: () => void;
  size?: ModalProps['size'];
  /** A note above the form. */
  intro?: ReactNode;
  /** While the form's choices load: this instead of the form. */
  pending?: ReactNode;
}

/**
 * A create or edit form in a modal: the form engine with Cancel beside its submit button (the
 * modal closes on Cancel, Escape or the close button; the caller closes it after a save).
 */
export function FormModal({ title, onClose, size, intro, pending, ...form }: FormModalProps) {
  return (
    <Modal open onClose={onClose} size={size} title={title}>
      {intro}
      {pending ?? <FormEngine {...form} onCancel={onClose} />}
    </Modal>
  );
}
