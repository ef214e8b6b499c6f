import { Slide, ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS } from './options';
import './toast-container.css';

/**
 * The toast container of SPEC §9, loaded with react-toastify on the first toast (./index.tsx).
 * The library's styles come as a stylesheet of this chunk, not as a <style> element its main
 * entry writes into the page when it loads (the `unstyled` entry).
 * Issue 17: toast-text (global.css) wraps a long unbroken name inside the toast; while a modal
 * is open the toasts start below its controls (toast-container.css).
 */
export default function ToastContainerHost() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      transition={Slide}
      newestOnTop
      closeOnClick={false}
      pauseOnFocusLoss
      toastClassName="toast-text"
    />
  );
}
