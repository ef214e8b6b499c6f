/** The table's modal (SPEC §4): open or closed, with an action name and initial data. */
import { useCallback, useMemo, useState } from 'react';
import { ActionKind, type ModalState, type RowRecord } from './types';

const CLOSED: ModalState = { isOpen: false, action: null, initialData: null };

export function useTableModal<T extends RowRecord>() {
  const [modal, setModal] = useState<ModalState>(CLOSED);
  const openModal = useCallback((action: ActionKind, initialData: unknown) => {
    setModal({ isOpen: true, action, initialData });
  }, []);
  const closeModal = useCallback(() => setModal(CLOSED), []);
  // A cell or inline action opens the modal with its row; a ribbon EDIT with the selected row;
  // DELETE and DISABLE with the selected rows. CREATE's initial data is not a row.
  const modalRows = useMemo((): T[] => {
    const data = modal.initialData;
    if (modal.action === ActionKind.CREATE || modal.action === ActionKind.MULTI_CREATE) return [];
    if (Array.isArray(data)) return data as T[];
    return data === null || data === undefined ? [] : [data as T];
  }, [modal]);
  return { modal, modalRows, openModal, closeModal };
}
