import { COLORMAP_NAMES } from '@gprhub/gpr';
import { useCallback, useMemo } from 'react';
import { useLocalPreference } from '../node-details/use-local-preference';
import { sanitizeSignalSettings, type SignalSettings } from './signal-settings';

/** Browser-storage keys of the signal viewer's preferences (seed 000 §3 local preferences). */
export const SIGNAL_SETTINGS_KEY = 'gprhub.signalViewer.settings';
export const HYPERBOLA_CONFIDENCE_KEY = 'gprhub.lineScan.hyperbolaThreshold';
/** The line scan's hyperbola confidence threshold default (seed 000 §9). */
export const DEFAULT_HYPERBOLA_CONFIDENCE = 0.8;

/**
 * The signal viewer's settings, kept in the browser for every scan: read back sanitised (a stale or edited
 * value is clamped or replaced by its default), `update` merges a change.
 */
export function useSignalSettings(): [SignalSettings, (change: Partial<SignalSettings>) => void] {
  const [stored, setStored] = useLocalPreference<unknown>(SIGNAL_SETTINGS_KEY, {});
  const settings = useMemo(() => sanitizeSignalSettings(stored, COLORMAP_NAMES), [stored]);
  const update = useCallback(
    (change: Partial<SignalSettings>) =>
      setStored(sanitizeSignalSettings({ ...settings, ...change }, COLORMAP_NAMES)),
    [settings, setStored],
  );
  return [settings, update];
}

/** The hyperbola confidence threshold (0–1, default 0.8), kept in the browser. */
export function useHyperbolaConfidence(): [number, (value: number) => void] {
  const [stored, setStored] = useLocalPreference<unknown>(
    HYPERBOLA_CONFIDENCE_KEY,
    DEFAULT_HYPERBOLA_CONFIDENCE,
  );
  const value =
    typeof stored === 'number' && Number.isFinite(stored)
      ? Math.min(1, Math.max(0, stored))
      : DEFAULT_HYPERBOLA_CONFIDENCE;
  return [value, setStored];
}
