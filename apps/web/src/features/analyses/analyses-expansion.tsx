import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';

interface Expansion {
  isExpanded: (key: string) => boolean;
  toggle: (key: string) => void;
}

const ExpansionContext = createContext<Expansion>({ isExpanded: () => false, toggle: () => undefined });

/**
 * Which analyses, runs, jobs and sub-analyses are open, kept above the grid: its cells may be re-created
 * (polling, paging back) without closing what the user opened.
 */
export function ExpansionProvider({ children }: { children: ReactNode }) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback(
    (key: string) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );
  const value = useMemo(
    () => ({ isExpanded: (key: string) => expanded.has(key), toggle }),
    [expanded, toggle],
  );
  return <ExpansionContext.Provider value={value}>{children}</ExpansionContext.Provider>;
}

/** The open items of a kind (e.g. `analysis`), for lists: `isOpen(id)` and `toggle(id)`. */
export function useExpansionOf(kind: string) {
  const { isExpanded, toggle } = useContext(ExpansionContext);
  return useMemo(
    () => ({
      isOpen: (id: string) => isExpanded(`${kind}:${id}`),
      toggle: (id: string) => toggle(`${kind}:${id}`),
    }),
    [isExpanded, toggle, kind],
  );
}

/** Whether `key` is open, and its toggle. */
export function useExpanded(key: string): [boolean, () => void] {
  const { isExpanded, toggle } = useContext(ExpansionContext);
  const toggleKey = useCallback(() => toggle(key), [toggle, key]);
  return [isExpanded(key), toggleKey];
}
