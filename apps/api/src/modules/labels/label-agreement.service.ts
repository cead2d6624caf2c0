import type { LabelAgreement, ScanAgreement } from '@gprhub/contract';
import type { FoundBar, TruthBar } from '@gprhub/gpr';
import { matchBars, NOMINAL_DIAMETERS_MM } from '@gprhub/gpr';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { getAnalysisByInput } from '../analyses/analyses.service.js';
import { isRebarLabel, labelInMetres, type LabelFrame } from './label-geometry.js';
import { findLabelsOf, findSessionScans } from './labels.service.js';

/** The part of a LINE_SCAN_REBAR_2 result the yardstick reads. */
const EngineLineSchema = z.object({
  timeZeroS: z.number(),
  permittivity: z.object({ value: z.number() }),
  rebars: z.array(
    z.object({ xM: z.number(), coverM: z.number(), confidence: z.number(), nominalDiameterMm: z.number().optional() }),
  ),
});
export type EngineLine = z.infer<typeof EngineLineSchema>;

/** The engine's finished LINE_SCAN_REBAR_2 result of a scan, or null while there is none. */
export async function findEngineLine(ctx: AppContext, organizationId: string, gprScanNodeId: string): Promise<EngineLine | null> {
  const byInput = await getAnalysisByInput(ctx, organizationId, 'LINE_SCAN_REBAR_2', { gprScanNodeId });
  if (!byInput.isDone || byInput.isPartial || !byInput.results) return null;
  const parsed = EngineLineSchema.safeParse(byInput.results);
  return parsed.success ? parsed.data : null;
}

const nearestNominal = (mm: number): number =>
  (NOMINAL_DIAMETERS_MM as readonly number[]).reduce<number>(
    (best, size) => (Math.abs(size - mm) < Math.abs(best - mm) ? size : best),
    NOMINAL_DIAMETERS_MM[0],
  );

interface Tally {
  labelled: number;
  found: number;
  matched: number;
  coverErrorsM: number[];
  diameters: number;
  diametersAgreeing: number;
}

function summarize(t: Tally) {
  const precision = t.found === 0 ? (t.labelled === 0 ? 1 : 0) : t.matched / t.found;
  const recall = t.labelled === 0 ? 1 : t.matched / t.labelled;
  return {
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    coverMaeM: t.coverErrorsM.length ? t.coverErrorsM.reduce((a, b) => a + Math.abs(b), 0) / t.coverErrorsM.length : null,
    diameterAgreement: t.diameters ? t.diametersAgreeing / t.diameters : null,
  };
}

/**
 * The yardstick (decision 0038): for each labelled scan under the node, the engine's bars against the rebar labels
 * with the accuracy benchmark's own rule (packages/gpr `matchBars`: |Δx| ≤ min(10 mm, ¼ local spacing),
 * |Δcover| ≤ 5 mm). Labels are put in metres with the engine's time zero and permittivity of that scan.
 */
export async function computeLabelAgreement(ctx: AppContext, organizationId: string, nodeId: string | undefined): Promise<LabelAgreement> {
  const scans = await findSessionScans(ctx, organizationId, nodeId);
  const labels = await findLabelsOf(ctx, organizationId, scans.map((s) => s.node.id));
  const all: Tally = { labelled: 0, found: 0, matched: 0, coverErrorsM: [], diameters: 0, diametersAgreeing: 0 };
  const out: ScanAgreement[] = [];
  for (const { node, scan } of scans) {
    const label = labels.get(node.id);
    if (!label) continue;
    const points = label.value.points.filter(isRebarLabel);
    const engine = await findEngineLine(ctx, organizationId, node.id);
    const base = { nodeId: node.id, name: node.name, labelled: points.length };
    if (!engine) {
      out.push({ ...base, status: 'NO_ANALYSIS', found: 0, matched: 0, precision: null, recall: null, f1: null, coverMaeM: null, diameterAgreement: null });
      continue;
    }
    const frame: LabelFrame = { ...scan, timeZeroS: engine.timeZeroS, permittivity: engine.permittivity.value };
    const truth: TruthBar[] = points.map((p) => {
      const m = labelInMetres(p, frame);
      return { xM: m.xM, coverM: m.depthM ?? undefined, radiusM: p.diameter === undefined ? undefined : p.diameter / 2000 };
    });
    const found: FoundBar[] = engine.rebars;
    const match = matchBars(truth, found);
    const tally: Tally = {
      labelled: truth.length,
      found: found.length,
      matched: match.matches.length,
      coverErrorsM: match.positionMatches.map(([i, j]) => found[j]!.coverM - (truth[i]!.coverM ?? found[j]!.coverM)),
      diameters: 0,
      diametersAgreeing: 0,
    };
    for (const [i, j] of match.positionMatches) {
      const labelled = points[i]!.diameter;
      if (labelled === undefined) continue;
      tally.diameters++;
      const claimed = found[j]!.nominalDiameterMm;
      if (claimed !== undefined && nearestNominal(claimed) === nearestNominal(labelled)) tally.diametersAgreeing++;
    }
    for (const k of ['labelled', 'found', 'matched', 'diameters', 'diametersAgreeing'] as const) all[k] += tally[k];
    all.coverErrorsM.push(...tally.coverErrorsM);
    out.push({ ...base, status: 'COMPARED', found: found.length, matched: tally.matched, ...summarize(tally) });
  }
  const compared = out.some((s) => s.status === 'COMPARED');
  const overall = compared
    ? summarize(all)
    : { precision: null, recall: null, f1: null, coverMaeM: null, diameterAgreement: null };
  return { scans: out, overall };
}
