import { dewowTrace } from './dewow';
import { smoothTraceInPlace } from './smoothing';

/** The steps {@link streamMovingBackgroundChain} runs, trace by trace. */
export interface StreamedChainSteps {
  /** Index, in the input, of the first sample kept. */
  startSample: number;
  /** Samples kept per trace. */
  n: number;
  /** Dewow window, samples (≤ 1: none, the samples are copied). */
  dewowWindow: number;
  /** Half-width of the moving background window, traces (≥ 0). */
  halfMeanTraces: number;
  /** Half-width of the boxcar along time, samples (0: none). */
  halfTime: number;
  /** Half-width of the boxcar across traces (0: none). */
  halfTraces: number;
  /** Gain factor per sample, applied as each trace is final; null: no gain here (normalisation pending). */
  curve: Float32Array | null;
}

/** Work rings kept between calls: fresh pages are expensive on this VM (decision 0075). */
let scratch32 = new Float32Array(0);
/** Rings larger than this (values) are not kept: a huge background window on a long line would pin its memory. */
const KEPT_RING_VALUES = 1 << 20;
let scratch64 = new Float64Array(0);

/**
 * The chain's crop + dewow, moving background subtraction, boxcar along time, boxcar across traces and gain in
 * one sweep over the traces (decision 0079): each step runs on a trace as soon as the traces it needs are ready,
 * from small rings of recent traces, so the full-size output is written once. Every sample goes through the
 * same floating-point operations in the same order as the steps run one after another (`dewowTrace`,
 * `movingTraceMeanInPlace` 'subtract', `smoothTraceInPlace`, `movingTraceMeanInPlace` 'mean',
 * `applyCurveInPlace`), so the output is identical.
 *
 * @param input - the radargram's samples, trace-major (`samplesPerTrace` each).
 * @param traces - number of traces.
 * @param samplesPerTrace - samples per input trace.
 * @param out - output, `traces × steps.n`; every sample is written.
 * @param steps - the steps' parameters.
 * @returns nothing.
 * @example
 * ```ts
 * const out = new Float32Array(rg.traces * 512);
 * streamMovingBackgroundChain(rg.samples, rg.traces, rg.samplesPerTrace, out, {
 *   startSample: 0, n: 512, dewowWindow: 11, halfMeanTraces: 25, halfTime: 1, halfTraces: 1, curve,
 * });
 * ```
 */
export function streamMovingBackgroundChain(
  input: Float32Array,
  traces: number,
  samplesPerTrace: number,
  out: Float32Array,
  steps: StreamedChainSteps,
): void {
  const { n, halfMeanTraces: hM, halfTime, halfTraces: hS, curve } = steps;
  // Ring 1: dewowed traces t − hM − 1 … t + hM; ring 2: background-free traces for the boxcar across traces.
  const ring1Traces = Math.min(traces, 2 * hM + 2);
  const ring2Traces = hS > 0 ? Math.min(traces, 2 * hS + 2) : 0;
  const size32 = (ring1Traces + ring2Traces) * n;
  let rings = scratch32;
  if (rings.length < size32) {
    rings = new Float32Array(size32);
    if (size32 <= KEPT_RING_VALUES) scratch32 = rings;
  }
  const size64 = 3 * n + 1;
  if (scratch64.length < size64) scratch64 = new Float64Array(size64);
  const ring1 = rings.subarray(0, ring1Traces * n);
  const ring2 = rings.subarray(ring1Traces * n, size32);
  const sum1 = scratch64.subarray(0, n).fill(0);
  const sum2 = scratch64.subarray(n, 2 * n).fill(0);
  const prefix = scratch64.subarray(2 * n, 3 * n + 1);
  prefix[0] = 0;
  const last = traces - 1;
  let dewowed = 0; // traces dewowed so far
  let done2 = 0; // traces through the boxcar across traces so far
  for (let t = 0; t < traces; t++) {
    const needed = Math.min(last, t + hM);
    for (; dewowed <= needed; dewowed++) {
      const src = dewowed * samplesPerTrace + steps.startSample;
      const dst = (dewowed % ring1Traces) * n;
      if (steps.dewowWindow > 1) dewowTrace(input, src, ring1, dst, n, steps.dewowWindow);
      else ring1.set(input.subarray(src, src + n), dst);
    }
    if (t === 0) for (let j = 0; j <= needed; j++) addTrace(sum1, ring1, (j % ring1Traces) * n, n);
    const dest = hS > 0 ? ring2 : out;
    const destBase = hS > 0 ? (t % ring2Traces) * n : t * n;
    if (halfTime > 0 && t > hM && t + hM <= last && n > 2 * halfTime) {
      // The background window slides by one trace: subtraction and boxcar along time in one loop.
      subtractAndSmooth(
        ring1,
        sum1,
        dest,
        destBase,
        ((t + hM) % ring1Traces) * n,
        ((t - hM - 1) % ring1Traces) * n,
        (t % ring1Traces) * n,
        1 / (2 * hM + 1),
        n,
        halfTime,
        prefix,
      );
    } else {
      slideStep(ring1, ring1Traces, sum1, dest, destBase, t, hM, last, n, false, null);
      if (halfTime > 0) smoothTraceInPlace(dest, destBase, n, halfTime, prefix);
    }
    if (hS === 0) {
      if (curve) scaleTrace(out, destBase, curve, n);
      continue;
    }
    for (; done2 < traces && Math.min(last, done2 + hS) <= t; done2++) {
      if (done2 === 0)
        for (let j = 0; j <= Math.min(last, hS); j++) addTrace(sum2, ring2, (j % ring2Traces) * n, n);
      slideStep(ring2, ring2Traces, sum2, out, done2 * n, done2, hS, last, n, true, curve);
    }
  }
}

/**
 * One sliding step of the background subtraction (add trace `addBase`, drop `dropBase`, subtract the mean from
 * trace `base`) followed by `smoothTraceInPlace` of the result, in one loop: the boxcar's output lags `halfTime`
 * samples behind the subtraction, whose rounded values feed the same double-precision prefix sums in the same
 * order, and each output divides the same difference of prefix sums by the same count.
 */
function subtractAndSmooth(
  ring: Float32Array,
  sum: Float64Array,
  dest: Float32Array,
  destBase: number,
  addBase: number,
  dropBase: number,
  base: number,
  inverseCount: number,
  n: number,
  halfTime: number,
  prefix: Float64Array,
): void {
  let running = 0;
  let s = 0;
  // Head: the prefix sums run ahead of the first output.
  for (; s < halfTime; s++) {
    const total = sum[s] + ring[addBase + s] - ring[dropBase + s];
    sum[s] = total;
    prefix[s + 1] = running += Math.fround(ring[base + s] - total * inverseCount);
  }
  // Outputs 0 … halfTime: the window is clipped at the trace's start (from prefix[0]).
  for (; s <= 2 * halfTime; s++) {
    const total = sum[s] + ring[addBase + s] - ring[dropBase + s];
    sum[s] = total;
    prefix[s + 1] = running += Math.fround(ring[base + s] - total * inverseCount);
    dest[destBase + s - halfTime] = (running - prefix[0]) / (s + 1);
  }
  // Full windows.
  if (halfTime === 1) {
    // The usual 3-sample boxcar: the three prefix sums it needs stay in registers (the same values), and only the
    // last ones are stored, for the tail.
    let back2 = prefix[s - 2];
    let back1 = prefix[s - 1];
    for (; s < n; s++) {
      const total = sum[s] + ring[addBase + s] - ring[dropBase + s];
      sum[s] = total;
      const previous = running;
      running += Math.fround(ring[base + s] - total * inverseCount);
      dest[destBase + s - 1] = (running - back2) / 3;
      back2 = back1;
      back1 = previous;
    }
    prefix[n - 2] = back2;
    prefix[n - 1] = back1;
    prefix[n] = running;
  } else {
    const width = 2 * halfTime + 1;
    for (; s < n; s++) {
      const total = sum[s] + ring[addBase + s] - ring[dropBase + s];
      sum[s] = total;
      prefix[s + 1] = running += Math.fround(ring[base + s] - total * inverseCount);
      dest[destBase + s - halfTime] = (running - prefix[s + 1 - width]) / width;
    }
  }
  // Tail: the window is clipped at the trace's end.
  for (let j = n - halfTime; j < n; j++) {
    const lo = j > halfTime ? j - halfTime : 0;
    dest[destBase + j] = (running - prefix[lo]) / (n - lo);
  }
}

/** `sum[s] += ring[base + s]`. */
function addTrace(sum: Float64Array, ring: Float32Array, base: number, n: number): void {
  for (let s = 0; s < n; s++) sum[s] += ring[base + s];
}

/** `out[base + s] *= curve[s]`. */
function scaleTrace(out: Float32Array, base: number, curve: Float32Array, n: number): void {
  for (let s = 0; s < n; s++) out[base + s] *= curve[s];
}

/**
 * One trace of `movingTraceMeanInPlace`: the window moves from trace `t − 1`'s to trace `t`'s (adding at most one
 * trace and dropping at most one, as there: `(sum + added) − dropped`), then writes the mean (`isMean`, times
 * `curve[s]` after rounding to single when a curve is given) or the trace minus the mean into `dest`.
 */
function slideStep(
  ring: Float32Array,
  ringTraces: number,
  sum: Float64Array,
  dest: Float32Array,
  destBase: number,
  t: number,
  h: number,
  last: number,
  n: number,
  isMean: boolean,
  curve: Float32Array | null,
): void {
  const wantLo = t > h ? t - h : 0;
  const wantHi = t + h < last ? t + h : last;
  const isAdding = t > 0 && wantHi > (t - 1 + h < last ? t - 1 + h : last);
  const isDropping = t > 0 && wantLo > (t - 1 > h ? t - 1 - h : 0);
  const addBase = (wantHi % ringTraces) * n;
  const dropBase = (((wantLo - 1 + ringTraces) % ringTraces) * n) | 0;
  const base = (t % ringTraces) * n;
  const inverseCount = 1 / (wantHi - wantLo + 1);
  if (isAdding && isDropping) {
    // The window slides by one trace (most traces): one loop, as `movingTraceMeanInPlace`'s.
    if (!isMean) {
      for (let s = 0; s < n; s++) {
        const total = sum[s] + ring[addBase + s] - ring[dropBase + s];
        sum[s] = total;
        dest[destBase + s] = ring[base + s] - total * inverseCount;
      }
    } else if (curve) {
      for (let s = 0; s < n; s++) {
        const total = sum[s] + ring[addBase + s] - ring[dropBase + s];
        sum[s] = total;
        dest[destBase + s] = Math.fround(total * inverseCount) * curve[s];
      }
    } else {
      for (let s = 0; s < n; s++) {
        const total = sum[s] + ring[addBase + s] - ring[dropBase + s];
        sum[s] = total;
        dest[destBase + s] = total * inverseCount;
      }
    }
    return;
  }
  if (isAdding) {
    for (let s = 0; s < n; s++) sum[s] += ring[addBase + s];
  } else if (isDropping) {
    for (let s = 0; s < n; s++) sum[s] -= ring[dropBase + s];
  }
  if (!isMean) {
    for (let s = 0; s < n; s++) dest[destBase + s] = ring[base + s] - sum[s] * inverseCount;
  } else if (curve) {
    for (let s = 0; s < n; s++) dest[destBase + s] = Math.fround(sum[s] * inverseCount) * curve[s];
  } else {
    for (let s = 0; s < n; s++) dest[destBase + s] = sum[s] * inverseCount;
  }
}
