/** The table's modal (SPEC §4): open or closed, with an action name and initial data. */
import { useCallback, useState } from 'react';
import type { ActionKind, ModalState } from './types';

const CLOSED: ModalState = { isOpen: false, action: null, initialData: null };

export function useTableModal() {
  const [modal, setModal] = useState<ModalState>(CLOSED);
  const openModal = useCallback((action: ActionKind, initialData: unknown) => {
    setModal({ isOpen: true, action, initialData });
  }, []);
  const closeModal = useCallback(() => setModal(CLOSED), []);
  return { modal, openModal, closeModal };
}
