import { useCallback, useState } from 'react';

function read<T>(key: string, fallback: T): T {
  try {
    const stored = window.localStorage.getItem(key);
    return stored === null ? fallback : (JSON.parse(stored) as T);
  } catch {
    return fallback;
  }
}

/**
 * A preference kept in the browser (the spec's local preferences, e.g. camera mirroring). Storage
 * failures (private mode, quota) leave the preference working for the session.
 */
export function useLocalPreference<T>(key: string, fallback: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => read(key, fallback));
  const update = useCallback(
    (next: T) => {
      setValue(next);
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        /* kept in memory only */
      }
    },
    [key],
  );
  return [value, update];
}
