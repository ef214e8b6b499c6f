import { Slide, ToastContainer, toast } from 'react-toastify';

/** SPEC §9: toasts at the top right, auto-closing after 5000 ms unless persistent. */
export const TOAST_AUTO_CLOSE_MS = 5000;

export interface NotifyOptions {
  /** A persistent toast stays until the user closes it. */
  persistent?: boolean;
  /** Same id, same toast: repeated errors do not stack. */
  id?: string;
}

const options = (o?: NotifyOptions) => ({
  autoClose: o?.persistent ? (false as const) : TOAST_AUTO_CLOSE_MS,
  toastId: o?.id,
});

export const notify = {
  success: (message: string, o?: NotifyOptions) => toast.success(message, options(o)),
  info: (message: string, o?: NotifyOptions) => toast.info(message, options(o)),
  warning: (message: string, o?: NotifyOptions) => toast.warning(message, options(o)),
  error: (message: string, o?: NotifyOptions) => toast.error(message, options(o)),
};

/** Mounted once per portal shell. */
export function ToastHost() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      transition={Slide}
      newestOnTop
      closeOnClick={false}
      pauseOnFocusLoss
    />
  );
}
