import { describe, expect, it } from 'vitest';
import { syntheticAreaZip } from '../../../../../e2e/support/synthetic-area-scan.js';
import { runAnalysisToEnd, startAnalysis, useJobTestApp } from '../../test/analysis-jobs.js';
import { createFolder, importScanFiles, importSyntheticScan } from '../../test/scans.js';

// Issue #13 item 7 on the dual-orientation pairs: a cover measured on one bar calibrates the pair's one permittivity.
let lineInput: { parallelGprScanNodeId: string; perpendicularGprScanNodeId: string };
let areaInput: { parallelAreaScanNodeId: string; perpendicularAreaScanNodeId: string };

const ctx = useJobTestApp(async ({ t, member }) => {
  const folderId = await createFolder(t.app, member);
  lineInput = {
    parallelGprScanNodeId: await importSyntheticScan(t.app, member, folderId),
    perpendicularGprScanNodeId: await importSyntheticScan(t.app, member, folderId, 'L002.dzt', {
      seed: 5,
      bars: [{ x0M: 0.3, coverM: 0.05, radiusM: 0.006 }],
    }),
  };
  const areas: string[] = [];
  for (const part of ['vertical', 'horizontal'] as const) {
    const imported = await importScanFiles(t.app, member, folderId, [
      { name: `${part}.zip`, bytes: syntheticAreaZip(`Deck ${part}`, part === 'vertical' ? 300 : 400, part) },
    ]);
    areas.push(imported.areaScanGroups[0]!.node.nodeId);
  }
  areaInput = { parallelAreaScanNodeId: areas[0]!, perpendicularAreaScanNodeId: areas[1]! };
});

type DualType = 'LINE_SCAN_DUAL_ORIENTATION_REBAR_2' | 'AREA_SCAN_DUAL_ORIENTATION_REBAR_2';

function runToEnd<T>(analysisType: DualType, nodes: object, knownCover?: object): Promise<T> {
  return runAnalysisToEnd<T>(ctx, analysisType, { ...nodes, ...(knownCover && { knownCover }) });
}

interface Permittivity {
  value: number;
  source: string;
}
interface DualLineResults {
  permittivity: Permittivity;
  calibration?: object;
  parallel: { rebars: { xM: number; coverM: number }[]; permittivity: Permittivity };
  perpendicular: { rebars: { xM: number; coverM: number }[]; permittivity: Permittivity; warnings: string[] };
}

describe('known-cover calibration of a dual-orientation pair of line scans', () => {
  it('calibrates both scans on a bar of the perpendicular one, says when no bar is near, and can be removed', async () => {
    const type = 'LINE_SCAN_DUAL_ORIENTATION_REBAR_2';
    const estimated = await runToEnd<DualLineResults>(type, lineInput);
    expect(estimated.permittivity.source).toBe('estimated');
    expect(estimated.calibration).toBeUndefined();
    const bar = estimated.perpendicular.rebars[0]!;
    // The cover meter reads the perpendicular scan's bar 10 % shallower than the engine: the pair's εr rises and
    // the parallel scan's bars, never measured, move with it.
    const known = { scan: 'perpendicular', xM: bar.xM, coverM: bar.coverM * 0.9 };
    const calibrated = await runToEnd<DualLineResults>(type, lineInput, known);
    expect(calibrated.permittivity.source).toBe('calibrated');
    expect(calibrated.calibration).toEqual(known);
    expect(calibrated.permittivity.value).toBeGreaterThan(estimated.permittivity.value * 1.1);
    expect(Math.abs(calibrated.perpendicular.rebars[0]!.coverM - known.coverM)).toBeLessThan(0.001);
    expect(calibrated.parallel.permittivity).toEqual(calibrated.permittivity);
    calibrated.parallel.rebars.forEach((r, i) =>
      expect(r.coverM).toBeLessThan(estimated.parallel.rebars[i]!.coverM),
    );

    // The parallel scan's first bar lies at about 0.1 m; the perpendicular scan has none there.
    const far = await runToEnd<DualLineResults>(type, lineInput, {
      scan: 'perpendicular',
      xM: estimated.parallel.rebars[0]!.xM,
      coverM: 0.03,
    });
    expect(far.permittivity.source).toBe('estimated');
    expect(far.perpendicular.warnings.join(' ')).toContain('of the perpendicular scan to calibrate on');

    const removed = await runToEnd<DualLineResults>(type, lineInput);
    expect(removed.calibration).toBeUndefined();
    expect(removed.permittivity.value).toBeCloseTo(estimated.permittivity.value, 6);
  }, 300_000);

  it('refuses a pair’s known cover without the scan it was measured on', async () => {
    const refused = await startAnalysis(ctx, 'LINE_SCAN_DUAL_ORIENTATION_REBAR_2', {
      ...lineInput,
      knownCover: { xM: 0.1, coverM: 0.03 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(
      "knownCover of LINE_SCAN_DUAL_ORIENTATION_REBAR_2 needs scan ('parallel' or 'perpendicular'): the scan whose bar was measured",
    );
  });
});

interface DualAreaResults {
  permittivity: Permittivity;
  calibration?: object;
  rebars: { R: number; coverM: number; orientation: number; depthCoords: [number, number, number][] }[];
  lines: { permittivity: Permittivity }[];
}

describe('known-cover calibration of a dual-orientation pair of area scans', () => {
  it('calibrates both layers on a cover measured at a point of the shared grid', async () => {
    const type = 'AREA_SCAN_DUAL_ORIENTATION_REBAR_2';
    const estimated = await runToEnd<DualAreaResults>(type, areaInput);
    expect(estimated.calibration).toBeUndefined();
    // A horizontal bar (the perpendicular area's), measured where one of its lines crosses it, 10 % shallower.
    const bar = estimated.rebars.find((r) => r.orientation === 1)!;
    const [x, y, depth] = bar.depthCoords[0]!;
    const known = { xM: x, yM: y, coverM: (depth - bar.R) * 0.9 };
    const calibrated = await runToEnd<DualAreaResults>(type, areaInput, known);
    expect(calibrated.permittivity.source).toBe('calibrated');
    expect(calibrated.calibration).toEqual(known);
    expect(calibrated.permittivity.value).toBeGreaterThan(estimated.permittivity.value * 1.1);
    for (const line of calibrated.lines) expect(line.permittivity).toEqual(calibrated.permittivity);
    // Both layers move: the vertical bars were never measured.
    const vertical = (r: DualAreaResults) => r.rebars.filter((b) => b.orientation === 0);
    expect(vertical(calibrated).length).toBe(vertical(estimated).length);
    vertical(calibrated).forEach((b, i) => expect(b.coverM).toBeLessThan(vertical(estimated)[i]!.coverM));
  }, 500_000);

  it('refuses a point without yM, and another organization’s pair', async () => {
    const refused = await startAnalysis(ctx, 'AREA_SCAN_DUAL_ORIENTATION_REBAR_2', {
      ...areaInput,
      knownCover: { xM: 0.1, coverM: 0.03 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(
      'knownCover of AREA_SCAN_DUAL_ORIENTATION_REBAR_2 needs yM: the point of the grid where the cover was measured',
    );
    for (const [analysisType, nodes, knownCover] of [
      ['AREA_SCAN_DUAL_ORIENTATION_REBAR_2', areaInput, { xM: 0.1, yM: 0.1, coverM: 0.03 }],
      ['LINE_SCAN_DUAL_ORIENTATION_REBAR_2', lineInput, { scan: 'parallel', xM: 0.1, coverM: 0.03 }],
    ] as const) {
      const res = await startAnalysis(
        ctx,
        analysisType,
        { ...nodes, knownCover },
        { headers: ctx.stranger.headers },
      );
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('a bar size known from the drawings on the dual-orientation pairs', () => {
  it('fits both scans of a pair, and both areas of a pair, with it', async () => {
    type Sized = { barDiameterM?: number; rebars: { R: number; usesDefaultRadius: boolean }[] };
    const line = await runToEnd<Sized>('LINE_SCAN_DUAL_ORIENTATION_REBAR_2', {
      ...lineInput,
      barDiameterM: 0.012,
    });
    const area = await runToEnd<Sized>('AREA_SCAN_DUAL_ORIENTATION_REBAR_2', {
      ...areaInput,
      barDiameterM: 0.012,
    });
    for (const result of [line, area]) {
      expect(result.barDiameterM).toBe(0.012);
      expect(result.rebars.length).toBeGreaterThan(1);
      for (const bar of result.rebars) expect([bar.R, bar.usesDefaultRadius]).toEqual([0.006, false]);
    }
  }, 500_000);
});
