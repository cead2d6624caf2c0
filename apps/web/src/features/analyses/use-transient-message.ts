import { useCallback, useEffect, useState } from 'react';

/**
 * A message that clears itself `durationMs` after it was last set (the trigger error's 10 s, the payload
 * copy's 2 s). Setting it again restarts the clock; `show(value, ms)` overrides the duration once.
 */
export function useTransientMessage<T = string>(durationMs: number) {
  const [state, setState] = useState<{ value: T; durationMs: number } | null>(null);
  useEffect(() => {
    if (!state) return;
    const timer = setTimeout(() => setState(null), state.durationMs);
    return () => clearTimeout(timer);
  }, [state]);
  const show = useCallback(
    (value: T, ms?: number) => setState({ value, durationMs: ms ?? durationMs }),
    [durationMs],
  );
  const clear = useCallback(() => setState(null), []);
  return { value: state?.value ?? null, show, clear };
}
