import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The open tab of a page, kept in the URL's `tab` parameter so a reload or a shared link opens the same one.
 * The first tab is the default and leaves no parameter; an unknown value opens the first tab.
 * @example const [tab, selectTab] = useTabParam(['rebars', 'signal'] as const); // /gpr-scans/{id}?tab=signal
 */
export function useTabParam<T extends string>(tabs: readonly [T, ...T[]]): [T, (next: T) => void] {
  const [search, setSearch] = useSearchParams();
  const first = tabs[0];
  const tab = tabs.find((t) => t === search.get('tab')) ?? first;
  const selectTab = useCallback(
    (next: T) =>
      setSearch(
        (current) => {
          const params = new URLSearchParams(current);
          if (next === first) params.delete('tab');
          else params.set('tab', next);
          return params;
        },
        { replace: true },
      ),
    [setSearch, first],
  );
  return [tab, selectTab];
}
