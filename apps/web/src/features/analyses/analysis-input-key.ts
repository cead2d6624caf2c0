import type { AnalysisInput, AnalysisType } from '@gprhub/contract';
import { inputFieldsOf } from '@gprhub/contract';

/**
 * The identity of an analysis' input, as the server keys analyses: the node ids the type needs, as JSON
 * with sorted keys. Run options (hyperbola labels, permittivity, known cover) are not part of it. Null when
 * a required id is missing, so hooks can wait (e.g. a dual-orientation input before both ids are known).
 * @example getAnalysisInputKey('LINE_SCAN_REBAR_2', { gprScanNodeId: 'a…', permittivity: 7 }) // '{"gprScanNodeId":"a…"}'
 */
export function getAnalysisInputKey(
  analysisType: AnalysisType,
  input: AnalysisInput | null | undefined,
): string | null {
  if (!input) return null;
  const fields = inputFieldsOf(analysisType, input as Record<string, unknown>);
  if (!fields) return null;
  const ids: Record<string, string> = {};
  for (const field of [...fields].sort()) {
    const value = (input as Record<string, unknown>)[field];
    if (typeof value !== 'string' || !value) return null;
    ids[field] = value;
  }
  return JSON.stringify(ids);
}

/** The node ids an input names (every id field present), main input first as the server orders them. */
export function getAnalysisInputNodeIds(analysisType: AnalysisType, input: AnalysisInput): string[] {
  const fields = inputFieldsOf(analysisType, input as Record<string, unknown>) ?? [];
  return fields
    .map((field) => (input as Record<string, unknown>)[field])
    .filter((value): value is string => typeof value === 'string' && value.length > 0);
}
