import { describe, expect, it } from 'vitest';
import { createSyntheticBScan } from '../fitting/synthetic-bscan';
import { readPlyHeader, readPlyPoints } from '@gprhub/scan3d';
import { migratedVolume, type VolumeLine } from './migrated-volume';
import { volumePoints, writeVolumePly } from './volume-points';

/** The project's synthetic area scan (e2e/support/synthetic-area-scan.ts): its grid and bars. */
const VERTICAL = [
  { xM: 0.15, coverM: 0.04, radiusM: 0.006 },
  { xM: 0.3, coverM: 0.05, radiusM: 0.006 },
  { xM: 0.45, coverM: 0.06, radiusM: 0.006 },
];
const HORIZONTAL = [
  { yM: 0.1, coverM: 0.07, radiusM: 0.008 },
  { yM: 0.3, coverM: 0.07, radiusM: 0.008 },
];

function areaLines(): VolumeLine[] {
  const lines: VolumeLine[] = [];
  let seed = 100;
  for (let k = 0; k * 0.1 <= 0.4 + 1e-9; k++)
    lines.push({
      radargram: createSyntheticBScan({
        traces: 150,
        traceSpacingM: 0.004,
        seed: seed++,
        bars: VERTICAL.map((b) => ({ x0M: b.xM, coverM: b.coverM, radiusM: b.radiusM })),
      }),
      direction: 'LEFT_TO_RIGHT',
      offsetM: k * 0.1,
    });
  for (let k = 0; k * 0.2 <= 0.6 + 1e-9; k++)
    lines.push({
      radargram: createSyntheticBScan({
        traces: 100,
        traceSpacingM: 0.004,
        seed: seed++,
        bars: HORIZONTAL.map((b) => ({ x0M: b.yM, coverM: b.coverM, radiusM: b.radiusM })),
      }),
      direction: 'BOTTOM_TO_TOP',
      offsetM: k * 0.2,
    });
  return lines;
}

describe('GPR point cloud from an area scan', () => {
  const volume = migratedVolume(areaLines(), { permittivity: 7 });
  const cloud = volumePoints(volume);
  const points = Array.from({ length: cloud.count }, (_, p) => ({
    x: cloud.positions[3 * p]!,
    y: cloud.positions[3 * p + 1]!,
    z: cloud.positions[3 * p + 2]!,
    a: cloud.amplitudes[p]!,
  }));

  it('covers the grid in metres: x along the lines, y across, z depth', () => {
    expect(volume.nx).toBeGreaterThanOrEqual(61);
    expect(volume.ny).toBeGreaterThanOrEqual(41);
    expect(volume.stepM).toEqual([0.01, 0.01, 0.0025]);
    expect(cloud.count).toBeGreaterThan(100);
    expect(cloud.threshold).toBeGreaterThanOrEqual(8);
  });

  it('draws every bar as a bright line of points at its position and depth', () => {
    const explained = (q: { x: number; y: number; z: number }) =>
      VERTICAL.some(
        (b) =>
          Math.abs(q.x - b.xM) <= 0.03 && q.z >= b.coverM - 0.015 && q.z <= b.coverM + 2 * b.radiusM + 0.01,
      ) ||
      HORIZONTAL.some(
        (b) =>
          Math.abs(q.y - b.yM) <= 0.03 && q.z >= b.coverM - 0.015 && q.z <= b.coverM + 2 * b.radiusM + 0.01,
      );
    // Nearly every point belongs to a bar …
    expect(points.filter(explained).length / points.length).toBeGreaterThan(0.95);
    // … and each bar shows along its length, its strongest point (away from the crossing bars) at its top within 1 cm.
    for (const b of VERTICAL) {
      const near = points.filter(
        (q) =>
          Math.abs(q.x - b.xM) <= 0.02 &&
          Math.abs(q.z - b.coverM) <= 0.03 &&
          HORIZONTAL.every((h) => Math.abs(q.y - h.yM) > 0.04),
      );
      const ys = new Set(near.map((q) => Math.round(q.y * 10)));
      expect(ys.size, `vertical bar at x ${b.xM}`).toBeGreaterThanOrEqual(5);
      const strongest = near.reduce((m, q) => (q.a > m.a ? q : m));
      expect(Math.abs(strongest.x - b.xM)).toBeLessThanOrEqual(0.01);
      expect(Math.abs(strongest.z - b.coverM)).toBeLessThanOrEqual(0.01);
    }
    for (const b of HORIZONTAL) {
      const near = points.filter(
        (q) =>
          Math.abs(q.y - b.yM) <= 0.02 &&
          Math.abs(q.z - b.coverM) <= 0.03 &&
          VERTICAL.every((v) => Math.abs(q.x - v.xM) > 0.04),
      );
      const xs = new Set(near.map((q) => Math.round(q.x * 10)));
      expect(xs.size, `horizontal bar at y ${b.yM}`).toBeGreaterThanOrEqual(6);
      const strongest = near.reduce((m, q) => (q.a > m.a ? q : m));
      expect(Math.abs(strongest.y - b.yM)).toBeLessThanOrEqual(0.01);
      expect(Math.abs(strongest.z - b.coverM)).toBeLessThanOrEqual(0.01);
    }
  });

  it('colours strong points warm and weak ones cool', () => {
    const order = points.map((_, p) => p).sort((a, b) => cloud.amplitudes[a]! - cloud.amplitudes[b]!);
    const weak = order[0]!;
    const strong = order[order.length - 1]!;
    expect(cloud.colours[3 * strong]!).toBeGreaterThan(cloud.colours[3 * strong + 2]!);
    expect(cloud.colours[3 * weak + 2]!).toBeGreaterThan(cloud.colours[3 * weak]!);
  });

  it('writes a binary PLY a reader reads back', () => {
    const ply = writeVolumePly(cloud, 'Slab 7, permittivity 7');
    const header = readPlyHeader(ply);
    expect(header.format).toBe('binary_little_endian');
    expect(header.elements[0]!.properties.map((p) => p.name)).toEqual([
      'x',
      'y',
      'z',
      'red',
      'green',
      'blue',
      'amplitude',
    ]);
    const back = readPlyPoints(ply, header);
    expect(back.count).toBe(cloud.count);
    expect(Array.from(back.positions.slice(0, 6))).toEqual(Array.from(cloud.positions.slice(0, 6)));
    expect(Array.from(back.colours!.slice(0, 6))).toEqual(Array.from(cloud.colours.slice(0, 6)));
  });
});

describe('GPR point cloud from a line scan', () => {
  it('is a 2-D slice (y = the line) with the bar at its place and depth', () => {
    const rg = createSyntheticBScan({
      traces: 150,
      seed: 3,
      bars: [{ x0M: 0.25, coverM: 0.05, radiusM: 0.006 }],
    });
    const cloud = volumePoints(
      migratedVolume([{ radargram: rg, direction: 'LEFT_TO_RIGHT', offsetM: 0 }], { permittivity: 7 }),
    );
    expect(cloud.count).toBeGreaterThan(3);
    let best = 0;
    for (let p = 0; p < cloud.count; p++) {
      expect(cloud.positions[3 * p + 1]).toBe(0);
      if (cloud.amplitudes[p]! > cloud.amplitudes[best]!) best = p;
    }
    expect(Math.abs(cloud.positions[3 * best]! - 0.25)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(cloud.positions[3 * best + 2]! - 0.05)).toBeLessThanOrEqual(0.01);
  });

  it('keeps nothing from pure noise', () => {
    const rg = createSyntheticBScan({ traces: 150, seed: 4, bars: [] });
    const cloud = volumePoints(
      migratedVolume([{ radargram: rg, direction: 'LEFT_TO_RIGHT', offsetM: 0 }], { permittivity: 7 }),
    );
    expect(cloud.count).toBe(0);
  });
});
