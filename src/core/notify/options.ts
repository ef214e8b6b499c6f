/** SPEC §9: toasts at the top right, auto-closing after 5000 ms unless persistent. */
export const TOAST_AUTO_CLOSE_MS = 5000;
