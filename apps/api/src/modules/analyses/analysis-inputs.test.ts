import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/errors.js';
import { canonicalizeInput, stableJson } from './analysis-inputs.js';

const a = '2b6f0d1e-4c1a-4c55-9d0e-1f2a3b4c5d6e';
const b = '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6';

function errorOf(fn: () => unknown): HttpError {
  try {
    fn();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected an error');
}

describe('analysis inputs', () => {
  it('keeps only the id fields of the type as the canonical input, the rest as run options', () => {
    const c = canonicalizeInput('LINE_SCAN_REBAR_2', {
      gprScanNodeId: a,
      areaScanNodeId: b,
      permittivity: 7.5,
    });
    expect(c.input).toEqual({ gprScanNodeId: a });
    expect(c.inputKey).toBe(`{"gprScanNodeId":"${a}"}`);
    expect(c.options).toEqual({ permittivity: 7.5 });
  });

  it('gives equal keys to equal inputs whatever the order of their fields', () => {
    const x = canonicalizeInput('LINE_SCAN_DUAL_ORIENTATION_REBAR_2', {
      parallelGprScanNodeId: a,
      perpendicularGprScanNodeId: b,
    });
    const y = canonicalizeInput('LINE_SCAN_DUAL_ORIENTATION_REBAR_2', {
      perpendicularGprScanNodeId: b,
      parallelGprScanNodeId: a,
    });
    expect(x.inputKey).toBe(y.inputKey);
    expect(stableJson({ b: 1, a: { d: 2, c: [3, { f: 1, e: 0 }] } })).toBe(
      '{"a":{"c":[3,{"e":0,"f":1}],"d":2},"b":1}',
    );
  });

  it('refuses an input that lacks the fields of its type, naming them', () => {
    expect(errorOf(() => canonicalizeInput('AREA_SCAN_REBAR_2', { gprScanNodeId: a })).message).toBe(
      'AREA_SCAN_REBAR_2 needs areaScanNodeId in analysisInput',
    );
    const dual = errorOf(() =>
      canonicalizeInput('AREA_SCAN_DUAL_ORIENTATION_REBAR_2', { parallelAreaScanNodeId: a }),
    );
    expect(dual.statusCode).toBe(400);
    expect(dual.message).toBe(
      'AREA_SCAN_DUAL_ORIENTATION_REBAR_2 needs both parallelAreaScanNodeId and perpendicularAreaScanNodeId in analysisInput',
    );
  });

  it('refuses a dual input whose two scans are the same', () => {
    expect(
      errorOf(() =>
        canonicalizeInput('LINE_SCAN_DUAL_ORIENTATION_REBAR_2', {
          parallelGprScanNodeId: a,
          perpendicularGprScanNodeId: a,
        }),
      ).message,
    ).toMatch(/must be two different scans/);
  });

  it('takes the 3D types with a version id, and names the id when it is missing', () => {
    expect(canonicalizeInput('GENERATE_MESH', { threeDModelVersionId: a }).input).toEqual({
      threeDModelVersionId: a,
    });
    const error = errorOf(() => canonicalizeInput('GENERATE_MESH', { gprScanNodeId: a }));
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('GENERATE_MESH needs threeDModelVersionId in analysisInput');
  });

  it('refuses options a type does not use', () => {
    const labels = { [a]: [{ id: b, xIdx: 10, tIdx: 40, classification: 'rebar' as const, confidence: 1 }] };
    expect(
      errorOf(() => canonicalizeInput('HYPERBOLA_DETECTION', { gprScanNodeId: a, hyperbolaLabels: labels }))
        .message,
    ).toBe('HYPERBOLA_DETECTION does not take hyperbola labels');
    expect(
      errorOf(() =>
        canonicalizeInput('AREA_SCAN_REBAR_2', { areaScanNodeId: a, knownCover: { xM: 0.1, coverM: 0.03 } }),
      ).message,
    ).toBe('knownCover of AREA_SCAN_REBAR_2 needs yM: the point of the grid where the cover was measured');
    expect(
      errorOf(() =>
        canonicalizeInput('LINE_SCAN_REBAR_2', {
          gprScanNodeId: a,
          knownCover: { xM: 0.1, yM: 0, coverM: 0.03 },
        }),
      ).message,
    ).toBe('knownCover.yM is only used by area scans (a line scan takes the position along it, xM)');
    expect(
      errorOf(() =>
        canonicalizeInput('LINE_SCAN_DUAL_ORIENTATION_REBAR_2', {
          parallelGprScanNodeId: a,
          perpendicularGprScanNodeId: b,
          knownCover: { xM: 0.1, coverM: 0.03 },
        }),
      ).message,
    ).toBe(
      "knownCover of LINE_SCAN_DUAL_ORIENTATION_REBAR_2 needs scan ('parallel' or 'perpendicular'): the scan whose bar was measured",
    );
    expect(
      errorOf(() =>
        canonicalizeInput('LINE_SCAN_REBAR_2', {
          gprScanNodeId: a,
          knownCover: { xM: 0.1, scan: 'parallel', coverM: 0.03 },
        }),
      ).message,
    ).toBe('knownCover.scan is only used by LINE_SCAN_DUAL_ORIENTATION_REBAR_2');
    expect(
      errorOf(() =>
        canonicalizeInput('AREA_SCAN_DUAL_ORIENTATION_REBAR_2', {
          parallelAreaScanNodeId: a,
          perpendicularAreaScanNodeId: b,
          knownCover: { xM: 0.1, coverM: 0.03 },
        }),
      ).message,
    ).toBe(
      'knownCover of AREA_SCAN_DUAL_ORIENTATION_REBAR_2 needs yM: the point of the grid where the cover was measured',
    );
    expect(
      errorOf(() =>
        canonicalizeInput('HYPERBOLA_DETECTION', { gprScanNodeId: a, knownCover: { xM: 0.1, coverM: 0.03 } }),
      ).message,
    ).toBe(
      'knownCover is only used by LINE_SCAN_REBAR_2, AREA_SCAN_REBAR_2 and their dual-orientation pairs',
    );
    const pair = canonicalizeInput('LINE_SCAN_DUAL_ORIENTATION_REBAR_2', {
      parallelGprScanNodeId: a,
      perpendicularGprScanNodeId: b,
      knownCover: { xM: 0.1, scan: 'perpendicular', coverM: 0.03 },
    });
    expect(pair.options.knownCover).toEqual({ xM: 0.1, scan: 'perpendicular', coverM: 0.03 });
    const area = canonicalizeInput('AREA_SCAN_REBAR_2', {
      areaScanNodeId: a,
      knownCover: { xM: 0.1, yM: 0.2, coverM: 0.03 },
    });
    expect(area.options.knownCover).toEqual({ xM: 0.1, yM: 0.2, coverM: 0.03 });
  });
});
