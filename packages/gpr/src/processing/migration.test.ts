import { describe, expect, it } from 'vitest';
import { synthesizeRadargram } from '../physics/synthetic-scan';
import { migrateStolt } from './migration';
import { radargramFromTraces, tracesOf } from './test-radargram';

function peakOf(samples: Float32Array, n: number, trace: number): { sample: number; value: number } {
  let best = { sample: 0, value: 0 };
  for (let s = 0; s < n; s++) {
    const v = Math.abs(samples[trace * n + s]);
    if (v > best.value) best = { sample: s, value: v };
  }
  return best;
}

describe('Stolt migration', () => {
  it('leaves laterally constant data unchanged (kx = 0 maps to itself)', () => {
    const trace = Array.from(
      { length: 64 },
      (_, i) => Math.exp(-(((i - 20) / 3) ** 2)) - 0.3 * Math.exp(-(((i - 40) / 4) ** 2)),
    );
    const rg = radargramFromTraces(
      Array.from({ length: 16 }, () => trace),
      { sampleIntervalS: 2.5e-11 },
    );
    // No padding traces: zero traces beside the data would make it laterally varying.
    const out = tracesOf(migrateStolt(rg, { permittivity: 7, padTraces: 0 }));
    for (const migrated of out) for (let s = 0; s < 64; s++) expect(migrated[s]).toBeCloseTo(trace[s], 5);
  });

  it('collapses a diffraction hyperbola onto its apex', () => {
    // A point 6 cm deep at x = 0.4 m (trace 100) in εr = 7 concrete, monostatic.
    const rg = synthesizeRadargram({
      traces: 200,
      samplesPerTrace: 256,
      timeZeroSample: 0,
      antennaSeparationM: 0,
      directWaveAmplitude: 0,
      reflectors: [{ xM: 0.4, depthM: 0.06, amplitude: 1 }],
    });
    const n = rg.samplesPerTrace;
    const before = peakOf(rg.samples, n, 100);
    const migrated = migrateStolt(rg, { permittivity: 7 });
    const after = peakOf(migrated.samples, n, 100);
    // The apex stays at its time, within a quarter period (5 samples at 2 GHz; 2-D migration turns the
    // wavelet's phase by 45°, which moves its peak)…
    expect(Math.abs(after.sample - before.sample)).toBeLessThanOrEqual(5);
    // …while the limbs 20 traces (8 cm) away lose almost all their energy to it.
    const limbBefore = peakOf(rg.samples, n, 120).value;
    const limbAfter = peakOf(migrated.samples, n, 120).value;
    expect(limbBefore / before.value).toBeGreaterThan(0.5);
    expect(limbAfter / after.value).toBeLessThan(0.15);
  });

  it('needs the trace spacing', () => {
    const rg = radargramFromTraces([[1, 2]], { traceSpacingM: 0 });
    expect(() => migrateStolt(rg, { permittivity: 7 })).toThrow(/trace spacing/);
  });
});
