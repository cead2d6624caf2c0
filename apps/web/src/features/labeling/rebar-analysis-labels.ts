import { useMemo } from 'react';
import { useAutoAnalysis } from '../analyses/use-analysis-by-input';
import type { DraftPoint } from './label-draft';

interface EngineRebar {
  hyperbola?: { xIdx?: unknown; tIdx?: unknown; confidence?: unknown };
  confidence?: unknown;
  nominalDiameterMm?: unknown;
}

/** The engine's bars of a scan as labels to accept or fix: apex indices, its confidence, and a diameter where it decided one. */
export function rebarsAsLabels(results: Record<string, unknown> | null | undefined): DraftPoint[] {
  const rebars = Array.isArray(results?.rebars) ? (results.rebars as EngineRebar[]) : [];
  return rebars.flatMap((rebar): DraftPoint[] => {
    const { xIdx, tIdx } = rebar.hyperbola ?? {};
    if (typeof xIdx !== 'number' || typeof tIdx !== 'number' || xIdx < 0 || tIdx < 0) return [];
    const confidence = typeof rebar.confidence === 'number' ? rebar.confidence : undefined;
    const base = { signalRowIndex: Math.round(xIdx), timeColumnIndex: Math.round(tIdx), ...(confidence !== undefined && { confidence }) };
    return typeof rebar.nominalDiameterMm === 'number'
      ? [{ ...base, type: 'REBAR_POSITION_WITH_DIAMETER' as const, diameter: rebar.nominalDiameterMm }]
      : [{ ...base, type: 'REBAR_POSITION' as const }];
  });
}

/** The scan's LINE_SCAN_REBAR_2 analysis (started once if missing) and its bars as labels once it has finished. */
export function useRebarAnalysisLabels(scanId: string | null) {
  const input = useMemo(() => (scanId ? { gprScanNodeId: scanId } : null), [scanId]);
  const analysis = useAutoAnalysis('LINE_SCAN_REBAR_2', input);
  const status = analysis.data?.analysisRun?.status ?? null;
  const results = status === 'FINISHED' ? analysis.data?.results : null;
  const labels = useMemo(() => rebarsAsLabels(results), [results]);
  return { status, labels };
}
