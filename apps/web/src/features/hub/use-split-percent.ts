import { useCallback, useState } from 'react';
import type { ScreenClass } from './hub-layout';
import { clampSplitPercent, SPLIT_LIMITS } from './hub-layout';

const storageKey = (screen: ScreenClass) => `gprhub-hub-split-${screen}`;

function readStored(screen: ScreenClass): number {
  try {
    const stored = window.localStorage.getItem(storageKey(screen));
    return clampSplitPercent(stored === null ? SPLIT_LIMITS[screen].initialPercent : Number(stored), screen);
  } catch {
    return SPLIT_LIMITS[screen].initialPercent;
  }
}

/**
 * The details panel's width in percent for this screen class, remembered in the browser so that
 * a width the user chose survives moving between folders and reloads.
 */
export function useSplitPercent(screen: ScreenClass): [number, (percent: number) => void] {
  const [stored, setStored] = useState<Partial<Record<ScreenClass, number>>>({});
  const percent = stored[screen] ?? readStored(screen);
  const setPercent = useCallback(
    (next: number) => {
      const value = clampSplitPercent(next, screen);
      setStored((current) => ({ ...current, [screen]: value }));
      try {
        window.localStorage.setItem(storageKey(screen), String(Math.round(value * 10) / 10));
      } catch {
        /* storage full or disabled: the width is kept for this visit only */
      }
    },
    [screen],
  );
  return [percent, setPercent];
}
