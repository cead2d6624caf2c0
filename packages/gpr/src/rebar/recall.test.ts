// Recall without losing precision (issue #13, item 2), on the project's own synthetic B-scans: the kinds of bar
// the random gprMax set showed missed (deep at low SNR, close pairs, a thin bar beside a thick one, bars among
// aggregate) are found at the matching rule's tolerance, and aggregate alone gives no bar. (The 70 mm pairs were
// missed, one bar of two, until their limbs were picked across each other's: decision 0047.)
import { describe, expect, it } from 'vitest';
import type { BarGeometry } from '../fitting/bistatic-cylinder';
import { createRandom, createSyntheticBScan, type SyntheticBScanOptions } from '../fitting/synthetic-bscan';
import { analyzeLineScan } from './analyze-line-scan';

/** Noise at `snrDb` below the strongest background-removed sample, as the gprMax set defines it. */
function scanAtSnr(options: SyntheticBScanOptions, snrDb: number): ReturnType<typeof createSyntheticBScan> {
  const clean = createSyntheticBScan({ ...options, noiseRms: 0 });
  const { traces, samplesPerTrace: n, samples: data } = clean;
  const mean = new Float64Array(n);
  for (let t = 0; t < traces; t++) for (let s = 0; s < n; s++) mean[s] += data[t * n + s] / traces;
  let strongest = 0;
  for (let t = 0; t < traces; t++)
    for (let s = 0; s < n; s++) strongest = Math.max(strongest, Math.abs(data[t * n + s] - mean[s]));
  return createSyntheticBScan({ ...options, noiseRms: strongest / 10 ** (snrDb / 20) });
}

/**
 * A scan with `weaker` bars reflecting `share` of what spreading alone gives (deep bars in lossy concrete), the
 * others as {@link createSyntheticBScan} makes them, noise at `snrDb` as in {@link scanAtSnr} (seed 1 unless given).
 */
function withWeakerBars(
  options: SyntheticBScanOptions,
  weaker: BarGeometry[],
  share: number,
  snrDb: number,
  seed = 1,
): ReturnType<typeof createSyntheticBScan> {
  const strong = createSyntheticBScan({ ...options, noiseRms: 0 });
  const weak = createSyntheticBScan({ ...options, bars: weaker, noiseRms: 0, directWaveAmplitude: 0 });
  const { traces, samplesPerTrace: n } = strong;
  const data = Float32Array.from(strong.samples, (v, i) => v + share * weak.samples[i]);
  const mean = new Float64Array(n);
  for (let t = 0; t < traces; t++) for (let s = 0; s < n; s++) mean[s] += data[t * n + s] / traces;
  let strongest = 0;
  for (let t = 0; t < traces; t++)
    for (let s = 0; s < n; s++) strongest = Math.max(strongest, Math.abs(data[t * n + s] - mean[s]));
  const noiseRms = strongest / 10 ** (snrDb / 20);
  const random = createRandom(seed);
  const gauss = (): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  for (let i = 0; i < data.length; i++) data[i] += noiseRms * gauss();
  return { ...strong, samples: data };
}

/** Every bar found within the matching rule (|Δx| ≤ min(10 mm, ¼ spacing), |Δcover| ≤ 5 mm), nothing else. */
function expectExactly(found: { xM: number; coverM: number }[], bars: BarGeometry[]): void {
  expect(found).toHaveLength(bars.length);
  bars.forEach((bar, i) => {
    const spacing = Math.min(
      Infinity,
      ...bars.filter((_, k) => k !== i).map((o) => Math.abs(o.x0M - bar.x0M)),
    );
    const tolerance = Math.min(0.01, spacing / 4);
    const match = found.find((f) => Math.abs(f.xM - bar.x0M) <= tolerance);
    expect(match, `bar at x = ${bar.x0M} m`).toBeDefined();
    expect(Math.abs((match?.coverM ?? 0) - bar.coverM)).toBeLessThanOrEqual(0.005);
  });
}

describe('recall on the kinds of bar the random set showed missed', () => {
  it('finds a deep bar (110 mm cover) at 18 dB', () => {
    const bars = [{ x0M: 0.24, coverM: 0.11, radiusM: 0.008 }];
    expectExactly(analyzeLineScan(scanAtSnr({ traces: 120, bars }, 18)).rebars, bars);
  });

  it.each([
    [0.04, 0.045],
    [0.04, 0.08],
  ])('finds both bars of a pair 70 mm apart (covers %d and %d m)', (first, second) => {
    const bars = [
      { x0M: 0.2, coverM: first, radiusM: 0.006 },
      { x0M: 0.27, coverM: second, radiusM: 0.006 },
    ];
    expectExactly(analyzeLineScan(scanAtSnr({ traces: 120, bars }, 24)).rebars, bars);
  });

  it('finds a thin bar beside a thick one', () => {
    const bars = [
      { x0M: 0.18, coverM: 0.035, radiusM: 0.014 },
      { x0M: 0.27, coverM: 0.06, radiusM: 0.004 },
    ];
    expectExactly(analyzeLineScan(scanAtSnr({ traces: 120, bars }, 24)).rebars, bars);
  });

  it('finds bars among aggregate stones', () => {
    const bars = [
      { x0M: 0.15, coverM: 0.03, radiusM: 0.006 },
      { x0M: 0.3, coverM: 0.07, radiusM: 0.01 },
    ];
    expectExactly(
      analyzeLineScan(scanAtSnr({ traces: 120, bars, clutterScatterers: 70, seed: 4 }, 24)).rebars,
      bars,
    );
  });

  it('finds deep bars beside shallow ones at 1.6 GHz without false bars', () => {
    // A row like dev-random-09's (εr 5.9, 1.6 GHz: a long wavelet; bars 84–98 mm apart, covers 40–108 mm). The
    // screening fit of a deep bar took its envelope offset at a neighbour's reflection within a period of its own
    // lobe and slid onto that neighbour (decision 0056): two bars of five were found, with three false ones.
    const bars = [
      { x0M: 0.106, coverM: 0.108, radiusM: 0.004 },
      { x0M: 0.194, coverM: 0.04, radiusM: 0.004 },
      { x0M: 0.282, coverM: 0.082, radiusM: 0.012 },
      { x0M: 0.366, coverM: 0.072, radiusM: 0.01 },
      { x0M: 0.464, coverM: 0.09, radiusM: 0.012 },
    ];
    const rg = scanAtSnr({ traces: 130, centreFrequencyHz: 1.6e9, permittivity: 5.9, seed: 2, bars }, 27);
    const found = analyzeLineScan(rg).rebars;
    const matched = bars.filter((bar) =>
      found.some((f) => Math.abs(f.xM - bar.x0M) <= 0.01 && Math.abs(f.coverM - bar.coverM) <= 0.005),
    );
    const isFalse = (f: { xM: number; coverM: number }): boolean =>
      !bars.some((bar) => Math.abs(f.xM - bar.x0M) <= 0.01 && Math.abs(f.coverM - bar.coverM) <= 0.005);
    expect(found.filter(isFalse)).toEqual([]);
    // The three deep bars among them (covers 72–108 mm) are found; one of the five (the thick 82 mm bar) is still
    // missed.
    expect(matched.map((b) => b.x0M)).toEqual(expect.arrayContaining([0.106, 0.366, 0.464]));
    expect(matched.length).toBeGreaterThanOrEqual(4);
  });

  it.each([
    [1.6, 0.5],
    [1.2, 0.7],
  ])(
    'finds a deep bar whose limb is hidden under a shallow neighbour at its apex (%s GHz, reflecting %s)',
    (gigahertz, deepShare) => {
      // A row like dev-random-07's (εr 8, a long wavelet): a deep bar (100 mm) 98 mm from a shallow one (60 mm)
      // and 105 mm from another (50 mm), whose limbs cross its apex, and weaker than its spreading alone makes it
      // (lossy concrete: gprMax's deep bars return a half or less). Its screening fit picked one limb only and
      // was rejected; in the residual round its other limb is shown hidden under the found neighbour's curve
      // (decision 0067). At this SNR the deep bar sits at the detection threshold: over noise seeds 1–12 it is
      // found in 6 (either engine, stationary point off or on: decision 0074), so one seed is a coin toss and the
      // test asks for it within the matching rule in at least two of four seeds, with the shallow bars always and
      // nothing anywhere else.
      const shallow = [
        { x0M: 0.12, coverM: 0.06, radiusM: 0.008 },
        { x0M: 0.323, coverM: 0.05, radiusM: 0.006 },
      ];
      const deep = [{ x0M: 0.218, coverM: 0.1, radiusM: 0.008 }];
      let deepFound = 0;
      for (const seed of [1, 2, 3, 4]) {
        const rg = withWeakerBars(
          { traces: 110, centreFrequencyHz: gigahertz * 1e9, permittivity: 8, bars: shallow },
          deep,
          deepShare,
          27,
          seed,
        );
        const found = analyzeLineScan(rg).rebars;
        const atDeep = found.filter((f) => Math.abs(f.xM - deep[0].x0M) <= 0.01);
        expectExactly(
          found.filter((f) => !atDeep.includes(f)),
          shallow,
        );
        expect(atDeep.length).toBeLessThanOrEqual(1);
        if (atDeep.length === 1 && Math.abs(atDeep[0].coverM - deep[0].coverM) <= 0.005) deepFound++;
      }
      expect(deepFound).toBeGreaterThanOrEqual(2);
    },
  );

  it.each([1, 2, 3])('reports no bar on aggregate alone (70 stones, seed %i)', (seed) => {
    const rg = createSyntheticBScan({ traces: 150, bars: [], clutterScatterers: 70, seed, noiseRms: 0.02 });
    expect(analyzeLineScan(rg).rebars).toEqual([]);
  });
});
