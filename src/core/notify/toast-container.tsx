import { Slide, ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from './options';

/**
 * The toast container of SPEC §9, loaded with react-toastify on the first toast (./index.tsx).
 * Issue 17: toast-text (global.css) wraps a long unbroken name inside the toast.
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
