import { useLayoutEffect, useRef } from 'react';

/**
 * A ref holding the latest value (set after each render), so that a callback reads what is
 * current without changing its own identity (stable callbacks keep memoised rows from
 * re-rendering while the user types).
 */
export function useLatest<V>(value: V) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
