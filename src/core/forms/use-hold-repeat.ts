import { useCallback, useEffect, useRef } from 'react';
import type { MouseEvent, PointerEvent } from 'react';

/** SPEC §9: holding a button repeats after 500 ms, then every 70 ms. */
export const HOLD_DELAY_MS = 500;
export const HOLD_INTERVAL_MS = 70;

/**
 * Handlers for a button that acts once on press and repeats while held. Keyboard activation
 * (click with detail 0) acts once.
 */
export function useHoldRepeat(action: () => void) {
  const latest = useRef(action);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const interval = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  useEffect(() => {
    latest.current = action;
  }, [action]);

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    clearInterval(interval.current);
    timer.current = undefined;
    interval.current = undefined;
  }, []);

  useEffect(() => stop, [stop]);

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      stop();
      latest.current();
      timer.current = setTimeout(() => {
        interval.current = setInterval(() => latest.current(), HOLD_INTERVAL_MS);
      }, HOLD_DELAY_MS);
    },
    [stop],
  );

  const onClick = useCallback((event: MouseEvent<HTMLElement>) => {
    if (event.detail === 0) latest.current();
  }, []);

  return { onPointerDown, onPointerUp: stop, onPointerLeave: stop, onPointerCancel: stop, onClick };
}
