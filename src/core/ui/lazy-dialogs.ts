/**
 * The modal and the confirm dialog loaded when first opened (issue 16): list screens render
 * these, so the dialogs' code is not evaluated before their first rows. Same props as
 * ./modal and ./confirm-modal.
 */
import { lazyModule } from '@/core/lazy';

const dialogs = lazyModule(() => import('./dialogs'));

/** Starts loading both (a table's preloadModal, on hover or focus of its buttons). */
export const preloadDialogs = dialogs.preload;
export const Modal = dialogs.component('Modal');
export const ConfirmModal = dialogs.component('ConfirmModal');
