// Three bars 84–92 mm apart at 1.6 GHz, the middle one at 72 mm cover (issue #13, decision 0078): the synthetic
// scene of dev-random-09's x366 geometry, in 48 variants (spacing, neighbours' cover, middle bar's amplitude,
// 0 or 70 stones, two seeds). `node --import tsx packages/gpr/bench/three-bar-scene.ts [amplitudes]` prints, per
// variant, the bars analyzeLineScan reports, whether the middle bar matches (|Δx| ≤ 10 mm, |Δcover| ≤ 5 mm) and the
// line's εr (true 5.91). `BIAS=1` instead measures the final picks against each bar's true lobe (clean variants):
// the mean pick error binned by the gap to the nearest neighbour's lobe, in periods (+ when the neighbour arrives
// later), and each found bar's own εr and cover.
import {
  analyzeLineScan,
  bistaticTravelTimeS,
  createSyntheticBScan,
  DEFAULT_ANTENNA_HEIGHT_M,
  findHyperbolas,
  prepareScan,
  surfaceCouplingCorrections,
  type BarGeometry,
  type Radargram,
} from '../src/index';

const PERMITTIVITY = 5.91;
const FREQUENCY_HZ = 1.6e9;
const SEPARATION_M = 0.036;
const MIDDLE_X_M = 0.25;

interface Variant {
  spacingM: number;
  sideCoverM: number;
  middleAmplitude: number;
  stones: number;
  seed: number;
}

const barsOf = (v: Variant): BarGeometry[] => [
  { x0M: MIDDLE_X_M - v.spacingM, coverM: v.sideCoverM, radiusM: 0.012 },
  { x0M: MIDDLE_X_M, coverM: 0.072, radiusM: 0.01 },
  { x0M: MIDDLE_X_M + v.spacingM, coverM: v.sideCoverM + 0.008, radiusM: 0.012 },
];

/** The neighbours (with stones and noise) plus the middle bar alone at its own amplitude. */
function buildScene(v: Variant): Radargram {
  const common = {
    traces: 127,
    traceSpacingM: 0.004,
    samplesPerTrace: 512,
    sampleIntervalS: 1.758855953812599e-11,
    centreFrequencyHz: FREQUENCY_HZ,
    permittivity: PERMITTIVITY,
    antennaSeparationM: SEPARATION_M,
  };
  const [left, middle, right] = barsOf(v);
  const sides = createSyntheticBScan({
    ...common,
    seed: v.seed,
    clutterScatterers: v.stones,
    bars: [left, right],
  });
  const alone = createSyntheticBScan({
    ...common,
    noiseRms: 0,
    directWaveAmplitude: 0,
    barAmplitude: v.middleAmplitude,
    bars: [middle],
  });
  const samples = Float32Array.from(sides.samples, (value, i) => value + alone.samples[i]);
  return { ...sides, samples };
}

const amplitudes = (process.argv[2] ?? '1,1.3').split(',').map(Number);
const variants: Variant[] = [];
for (const spacingM of [0.084, 0.092])
  for (const sideCoverM of [0.07, 0.082, 0.09])
    for (const middleAmplitude of amplitudes)
      for (const stones of [0, 70])
        for (const seed of [1, 2]) variants.push({ spacingM, sideCoverM, middleAmplitude, stones, seed });
const mm = (m: number): string => (m * 1000).toFixed(1);

/** Sample of a bar's tracked lobe in the synthetic scan (its Ricker peak, surface coupling included). */
function trueSample(rg: Radargram, bar: BarGeometry, trace: number): number {
  const x = trace * rg.traceSpacingM;
  const coupling = surfaceCouplingCorrections([x], bar, PERMITTIVITY, SEPARATION_M, {
    frequencyHz: FREQUENCY_HZ,
    antennaHeightM: DEFAULT_ANTENNA_HEIGHT_M,
  })[0];
  return (
    (bistaticTravelTimeS(x, bar, PERMITTIVITY, SEPARATION_M) + coupling - rg.timeOffsetS) / rg.sampleIntervalS
  );
}

if (process.env.BIAS) {
  const bins = new Map<number, number[]>();
  for (const [index, v] of variants.entries()) {
    if (v.stones !== 0) continue;
    const rg = buildScene(v);
    const bars = barsOf(v);
    const scan = prepareScan(rg);
    const { detections } = findHyperbolas(scan, { minConfidence: 0, minReflectionStrength: 0 });
    const period = scan.periodSamples;
    const found: string[] = [];
    for (const d of detections) {
      const { fit, picks } = d.result;
      const k = bars.findIndex((b) => Math.abs(b.x0M - fit.x0M) <= 0.012);
      if (k < 0) continue;
      found.push(
        `bar ${k} ε${fit.permittivity.toFixed(2)} c${mm(fit.coverM)} (${d.result.leftCount}/${d.result.rightCount})`,
      );
      for (const p of picks) {
        const own = trueSample(rg, bars[k], p.traceIndex);
        if (Math.abs(p.sample - own) > period / 4) continue;
        const gaps = bars.filter((_, j) => j !== k).map((b) => trueSample(rg, b, p.traceIndex) - own);
        const gap = gaps.reduce((a, b) => (Math.abs(b) < Math.abs(a) ? b : a));
        const key = Math.sign(gap) * (Math.min(20, Math.floor((Math.abs(gap) / period) * 10)) + 1);
        bins.set(key, [...(bins.get(key) ?? []), p.sample - own]);
      }
    }
    console.log(`variant ${index}: ${found.join(', ')}`);
  }
  console.log('\ngap to the nearest neighbour lobe (periods, + later)   mean pick − true (samples)   picks');
  for (const key of [...bins.keys()].sort((a, b) => a - b)) {
    const errors = bins.get(key) ?? [];
    const from = (Math.abs(key) - 1) / 10;
    const mean = errors.reduce((a, b) => a + b, 0) / errors.length;
    console.log(
      `${key > 0 ? '+' : '−'}${from.toFixed(1)}–${(from + 0.1).toFixed(1)}`.padEnd(56) +
        mean.toFixed(2).padStart(6) +
        String(errors.length).padStart(29),
    );
  }
} else {
  let missed = 0;
  for (const [index, v] of variants.entries()) {
    const result = analyzeLineScan(buildScene(v));
    const middle = result.rebars.find(
      (b) => Math.abs(b.xM - MIDDLE_X_M) <= 0.01 && Math.abs(b.coverM - 0.072) <= 0.005,
    );
    if (!middle) missed++;
    console.log(
      `${index} spacing ${mm(v.spacingM)} sides c${mm(v.sideCoverM)} amplitude ${v.middleAmplitude} stones ${v.stones} seed ${v.seed}: ` +
        `${middle ? 'found' : 'MISSED'}  ${result.rebars.map((b) => `x${mm(b.xM)} c${mm(b.coverM)}`).join(' ')}  εr ${result.permittivity.value.toFixed(2)}`,
    );
  }
  console.log(`middle bar missed in ${missed} of ${variants.length}`);
}
