/** The dialogs lazy-dialogs.ts loads on demand, as one module (one file to fetch). */
export { Modal } from './modal';
export { ConfirmModal } from './confirm-modal';
