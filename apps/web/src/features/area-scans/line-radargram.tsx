import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { drawHyperbolas } from '../radargram/draw-hyperbolas';
import { RadargramView, type RadargramOverlay } from '../radargram/radargram-view';
import { useSignalSettings } from '../radargram/use-signal-settings';
import type { LineResult } from './rebar-results';

/**
 * The selected line's radargram, drawn live from its signal with the signal settings the user chose on any
 * GPR scan page, and the line's own hyperbolas at or above the threshold over it (at the permittivity the
 * analysis found for the area). Editing stays on the line's own page.
 */
export function LineRadargram({
  scanId,
  label,
  result,
  threshold,
}: {
  scanId: string;
  label: string;
  result: LineResult | null;
  threshold: number;
}) {
  const [settings] = useSignalSettings();
  const color = useTheme().palette.warning.main;
  const overlay = useMemo<RadargramOverlay>(() => {
    const shown = (result?.hyperbolas ?? [])
      .filter((h) => h.confidence >= threshold)
      .map((h) => ({ ...h, classification: 'rebar' as const }));
    const model = {
      permittivity: result?.permittivity ?? settings.permittivity,
      timeZeroS: result?.timeZeroS ?? null,
    };
    return {
      draw: (ctx, transform, geometry) =>
        drawHyperbolas(
          ctx,
          transform,
          geometry,
          shown,
          model,
          { color, isDashed: false },
          { id: null, color },
        ),
    };
  }, [result, threshold, settings.permittivity, color]);
  return (
    <RadargramView
      scanId={scanId}
      settings={settings}
      height={280}
      overlay={overlay}
      label={`Radargram of ${label}`}
    />
  );
}
