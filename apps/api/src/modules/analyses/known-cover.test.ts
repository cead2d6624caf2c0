import { describe, expect, it } from 'vitest';
import { syntheticAreaZip } from '../../../../../e2e/support/synthetic-area-scan.js';
import { runAnalysisToEnd, startAnalysis, useJobTestApp } from '../../test/analysis-jobs.js';
import { createFolder, importScanFiles, importSyntheticScan } from '../../test/scans.js';

// Issue #13 item 7: a surveyor measures one bar's cover and the scan's permittivity is recalibrated on it.
let scanId: string;
let areaId: string;

const ctx = useJobTestApp(async ({ t, member }) => {
  const folderId = await createFolder(t.app, member);
  scanId = await importSyntheticScan(t.app, member, folderId);
  const imported = await importScanFiles(t.app, member, folderId, [
    { name: 'area.zip', bytes: syntheticAreaZip('Slab 9', 400) },
  ]);
  areaId = imported.areaScanGroups[0]!.node.nodeId;
});

function runToEnd<T>(
  analysisInput: Record<string, unknown>,
  analysisType: 'LINE_SCAN_REBAR_2' | 'AREA_SCAN_REBAR_2' = 'LINE_SCAN_REBAR_2',
): Promise<T> {
  return runAnalysisToEnd<T>(ctx, analysisType, analysisInput, 120_000);
}

interface Results {
  permittivity: { value: number; sd: number; source: string };
  calibration?: { xM: number; coverM: number };
  rebars: { xM: number; coverM: number }[];
}

describe('known-cover calibration of a line scan', () => {
  it('recalibrates εr on the measured bar, recomputes every cover, and can be removed', async () => {
    const estimated = await runToEnd<Results>({ gprScanNodeId: scanId });
    expect(estimated.permittivity.source).toBe('estimated');
    expect(estimated.calibration).toBeUndefined();
    const [first, second] = estimated.rebars;
    // The surveyor's cover meter reads the first bar 10 % shallower than the engine: εr must rise, every cover
    // must shrink, and the measured bar must read the measured cover.
    const measured = first!.coverM * 0.9;
    const calibrated = await runToEnd<Results>({
      gprScanNodeId: scanId,
      knownCover: { xM: first!.xM, coverM: measured },
    });
    expect(calibrated.permittivity.source).toBe('calibrated');
    expect(calibrated.calibration).toEqual({ xM: first!.xM, coverM: measured });
    expect(calibrated.permittivity.value).toBeGreaterThan(estimated.permittivity.value * 1.1);
    expect(Math.abs(calibrated.rebars[0]!.coverM - measured)).toBeLessThan(0.001);
    expect(calibrated.rebars[1]!.coverM).toBeLessThan(second!.coverM);

    const removed = await runToEnd<Results>({ gprScanNodeId: scanId });
    expect(removed.permittivity.source).toBe('estimated');
    expect(removed.calibration).toBeUndefined();
    expect(removed.permittivity.value).toBeCloseTo(estimated.permittivity.value, 6);
  }, 180_000);
});

interface AreaResults {
  permittivity: { value: number; sd: number; source: string };
  calibration?: { xM: number; yM: number; coverM: number };
  rebars: { R: number; coverM: number; depthCoords: [number, number, number][] }[];
  lines: { permittivity: { value: number; source: string } }[];
  warnings: string[];
}

describe('known-cover calibration of an area scan', () => {
  it('recalibrates the whole area on a cover measured at a grid point, and can be removed', async () => {
    const estimated = await runToEnd<AreaResults>({ areaScanNodeId: areaId }, 'AREA_SCAN_REBAR_2');
    expect(estimated.permittivity.source).toBe('estimated');
    expect(estimated.calibration).toBeUndefined();
    // The cover meter reads one bar, where one line crosses it, 10 % shallower than the engine.
    const bar = estimated.rebars[0]!;
    const [x, y, depth] = bar.depthCoords[1]!;
    const known = { xM: x, yM: y, coverM: (depth - bar.R) * 0.9 };
    const calibrated = await runToEnd<AreaResults>(
      { areaScanNodeId: areaId, knownCover: known },
      'AREA_SCAN_REBAR_2',
    );
    expect(calibrated.permittivity.source).toBe('calibrated');
    expect(calibrated.calibration).toEqual(known);
    expect(calibrated.permittivity.value).toBeGreaterThan(estimated.permittivity.value * 1.1);
    const point = calibrated.rebars
      .flatMap((r) => r.depthCoords.map(([px, py, d]) => ({ px, py, cover: d - r.R })))
      .find(({ px, py }) => Math.hypot(px - x, py - y) < 0.01);
    expect(Math.abs(point!.cover - known.coverM)).toBeLessThan(0.001);
    // Every line, of both directions, now uses the calibrated value; every bar is shallower.
    for (const line of calibrated.lines) expect(line.permittivity).toEqual(calibrated.permittivity);
    expect(calibrated.rebars.length).toBe(estimated.rebars.length);
    calibrated.rebars.forEach((r, i) => expect(r.coverM).toBeLessThan(estimated.rebars[i]!.coverM));

    const removed = await runToEnd<AreaResults>({ areaScanNodeId: areaId }, 'AREA_SCAN_REBAR_2');
    expect(removed.permittivity.source).toBe('estimated');
    expect(removed.calibration).toBeUndefined();
    expect(removed.permittivity.value).toBeCloseTo(estimated.permittivity.value, 6);
  }, 300_000);

  it('says so when no bar lies near the point, and refuses a point without yM', async () => {
    const far = await runToEnd<AreaResults>(
      { areaScanNodeId: areaId, knownCover: { xM: 5, yM: 5, coverM: 0.03 } },
      'AREA_SCAN_REBAR_2',
    );
    expect(far.permittivity.source).toBe('estimated');
    expect(far.warnings).toContain('no bar found within 50 mm of x = 5 m, y = 5 m to calibrate on');
    const refused = await startAnalysis(ctx, 'AREA_SCAN_REBAR_2', {
      areaScanNodeId: areaId,
      knownCover: { xM: 0.1, coverM: 0.03 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(
      'knownCover of AREA_SCAN_REBAR_2 needs yM: the point of the grid where the cover was measured',
    );
  }, 300_000);

  it('does not calibrate another organization’s area', async () => {
    const res = await startAnalysis(
      ctx,
      'AREA_SCAN_REBAR_2',
      { areaScanNodeId: areaId, knownCover: { xM: 0.1, yM: 0.1, coverM: 0.03 } },
      { headers: ctx.stranger.headers },
    );
    expect(res.statusCode).toBe(404);
  });
});

interface SizedResults {
  barDiameterM?: number;
  permittivity: { value: number; source: string };
  rebars: { R: number; usesDefaultRadius: boolean; nominalDiameterMm?: number; coverM: number }[];
}

describe('a bar size known from the drawings', () => {
  it('fits every bar of a line scan with it, keeps it beside a known cover, and is removed by a run without it', async () => {
    const sized = await runToEnd<SizedResults>({ gprScanNodeId: scanId, barDiameterM: 0.016 });
    expect(sized.barDiameterM).toBe(0.016);
    expect(sized.rebars.length).toBeGreaterThan(0);
    for (const bar of sized.rebars) {
      expect(bar.R).toBe(0.008);
      expect(bar.usesDefaultRadius).toBe(false);
      expect(bar.nominalDiameterMm).toBeUndefined();
    }
    const first = sized.rebars[0]!;
    const both = await runToEnd<SizedResults & { calibration?: object }>({
      gprScanNodeId: scanId,
      barDiameterM: 0.016,
      knownCover: { xM: 0.15, coverM: first.coverM },
    });
    expect(both.barDiameterM).toBe(0.016);
    expect(both.permittivity.source).toBe('calibrated');
    const estimated = await runToEnd<SizedResults>({ gprScanNodeId: scanId });
    expect(estimated.barDiameterM).toBeUndefined();
    expect(estimated.rebars.some((bar) => bar.R === 0.008 && !bar.usesDefaultRadius)).toBe(false);
  }, 300_000);

  it('fits every bar of an area with it', async () => {
    const area = await runToEnd<SizedResults & { lines: SizedResults[] }>(
      { areaScanNodeId: areaId, barDiameterM: 0.02 },
      'AREA_SCAN_REBAR_2',
    );
    expect(area.barDiameterM).toBe(0.02);
    expect(area.rebars.length).toBeGreaterThan(0);
    for (const bar of [...area.rebars, ...area.lines.flatMap((line) => line.rebars)]) {
      expect(bar.R).toBe(0.01);
      expect(bar.usesDefaultRadius).toBe(false);
    }
  }, 300_000);

  it('is refused where it means nothing or lies outside real bars, and on another organization’s scan', async () => {
    const preview = await startAnalysis(ctx, 'GPR_SCAN_PREVIEW', {
      gprScanNodeId: scanId,
      barDiameterM: 0.016,
    });
    expect(preview.statusCode).toBe(400);
    expect(preview.json<{ message: string }>().message).toBe(
      'barDiameterM is only used by LINE_SCAN_REBAR_2, AREA_SCAN_REBAR_2 and their dual-orientation pairs',
    );
    for (const barDiameterM of [0.001, 0.5, -0.016]) {
      const res = await startAnalysis(ctx, 'LINE_SCAN_REBAR_2', { gprScanNodeId: scanId, barDiameterM });
      expect(res.statusCode).toBe(400);
      const body = res.json<{ validationErrors: { path: string; message: string }[] }>();
      expect(body.validationErrors.map((e) => e.path)).toEqual(['analysisInput.barDiameterM']);
    }
    const stranger = await startAnalysis(
      ctx,
      'LINE_SCAN_REBAR_2',
      { gprScanNodeId: scanId, barDiameterM: 0.016 },
      { headers: ctx.stranger.headers },
    );
    expect(stranger.statusCode).toBe(404);
  });
});
