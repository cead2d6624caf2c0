import { hilbertImage } from './analytic-signal';
import { movingTraceMeanInPlace } from '../processing/trace-window';
import type { PreparedScan } from './prepare-scan';

/** A found hyperbola, as the background re-estimate needs it. */
export interface ModelledReflection {
  /** Predicted sample of the apex wavelet's centre at a trace (from the fit). */
  predict: (traceIndex: number) => number;
  /** The apex wavelet, centred on index `(length − 1) / 2`. */
  wavelet: Float64Array;
}

/**
 * Re-estimates the background without the bars' own reflections. The mean trace of a line includes every bar's
 * reflection smeared over the times of its hyperbola — a large share of the line at the apex times when bars are
 * close or deep — and subtracting it bends the picked hyperbolas (sharper near the apex, biasing the permittivity
 * high). Here the dewowed data are modelled as background + reflections and both are estimated in turn
 * (Gauss–Seidel, four rounds, from the first pass's background): each reflection is its wavelet at the predicted
 * time of every trace, slid by up to a twelfth of a period and scaled by least squares against the data minus the
 * background and the other reflections; its wavelet is then restacked from that residual; the background is the
 * mean of the data minus all reflections, over the whole line or over the scan's moving window (decision 0061:
 * long lines, whose direct wave may change along the line, keep a background that follows it). The background is
 * subtracted from the dewowed data (the reflections stay). Fitting the reflections to the raw data instead lets
 * the direct wave, which shallow apexes overlap, and the neighbours' limbs leak into them and from there into the
 * background; holding them to the first-pass curves and wavelets (bent and smeared by the mean-trace background
 * they were picked on) leaves a tenth of a reflection in the background under four shallow bars 120 mm apart,
 * enough to read εr 7 % high.
 *
 * @param scan - the prepared scan (its `dewowed` data are used).
 * @param reflections - the hyperbolas found in a first pass.
 * @returns a new prepared scan with the cleaner data, Hilbert transform and envelope.
 * @example
 * ```ts
 * const cleaner = removeModelledBackground(scan, bars.map((b) => ({ predict, wavelet })));
 * ```
 */
export function removeModelledBackground(
  scan: PreparedScan,
  reflections: ModelledReflection[],
): PreparedScan {
  if (reflections.length === 0 || !scan.hasModelledBackground) return scan;
  return modelReflections(scan, reflections).scan;
}

/** The scan without the modelled background, and the fitted reflections ({@link modelReflections}). */
export interface ModelledScan {
  /** The scan with the re-estimated background removed (the reflections stay). */
  scan: PreparedScan;
  /** Each reflection as fitted: wavelet, centre sample and scale per trace. */
  models: ReflectionModel[];
}

/** Options of {@link modelReflections}. */
export interface ModelOptions {
  /**
   * Fit the reflections in order of their apex time, latest first, instead of along the line. Where a shallow
   * bar's limb crosses a deeper bar's apex the two wavelets lie within the fit's slide of each other and the data
   * cannot tell them apart: the reflection fitted first takes the energy (the rounds that follow only adjust it).
   * Along the line, the 30 mm bar on the left took four fifths of the apex of an 80 mm bar between two 30 mm ones
   * (0.63 against 0.14 on its limb two traces before); latest first, the deep bar keeps its apex (0.75 of 0.76)
   * and the limbs their own (0.1–0.2) (decision 0062). Default false.
   */
  isDeepestFirst?: boolean;
}

/**
 * Models the data as background + the given reflections ({@link removeModelledBackground}) and returns both the
 * cleaner scan and the fitted reflections, so that a bar can be re-picked with its neighbours' reflections
 * subtracted ({@link subtractReflections}). The background is the mean of the data minus the reflections over
 * the whole line or, when the scan's background is a moving window, over the same window around each trace.
 *
 * @param scan - the prepared scan.
 * @param reflections - the hyperbolas found so far.
 * @param options - the order the reflections are fitted in ({@link ModelOptions}).
 * @returns the scan and the reflection models, in the order given.
 * @example
 * ```ts
 * const { scan: cleaner, models } = modelReflections(scan, bars.map((b) => ({ predict, wavelet })));
 * ```
 */
export function modelReflections(
  scan: PreparedScan,
  reflections: ModelledReflection[],
  options: ModelOptions = {},
): ModelledScan {
  const { traces, samplesPerTrace: n, dewowed } = scan;
  const isMoving = scan.backgroundWindowTraces > 0;
  // A steady long line's moving window is kept (scan.hasModelledBackground false): only the reflections are fitted.
  const hasBackground = scan.hasModelledBackground;
  // The background: one trace for the whole line, or one per trace for a moving window (the first pass's,
  // dewowed − data, to start from).
  const work = workBuffers(dewowed.length);
  const background = isMoving ? work.background : new Float64Array(n);
  if (isMoving) {
    if (hasBackground) for (let i = 0; i < dewowed.length; i++) background[i] = dewowed[i] - scan.data[i];
    else background.fill(0);
  } else
    for (let t = 0; t < traces; t++) for (let s = 0; s < n; s++) background[s] += dewowed[t * n + s] / traces;
  // residual = dewowed − background − Σ reflections, kept up to date as the parts change.
  const residual = work.residual;
  if (isMoving) residual.set(scan.data);
  else
    for (let t = 0; t < traces; t++)
      for (let s = 0; s < n; s++) residual[t * n + s] = dewowed[t * n + s] - background[s];
  const models = reflections.map((r) => ({
    wavelet: Float64Array.from(r.wavelet),
    predicted: Float64Array.from({ length: traces }, (_, t) => r.predict(t)),
    centres: new Float64Array(traces),
    scales: new Float64Array(traces),
  }));
  const maxShift = Math.max(1, scan.periodSamples / 12);
  const local = isMoving && hasBackground ? work.local : undefined;
  const halfWidth = Math.floor(scan.backgroundWindowTraces / 2);
  const order = options.isDeepestFirst
    ? [...models].sort((a, b) => Math.min(...b.predicted) - Math.min(...a.predicted))
    : models;
  for (let round = 0; round < 4; round++) {
    for (const model of order) {
      addModel(model, residual, n, 1);
      if (round > 0) restackWavelet(model, residual, n);
      fitModel(model, residual, n, maxShift);
      addModel(model, residual, n, -1);
    }
    if (!hasBackground) continue;
    // The background absorbs the mean of what the reflections leave (over the moving window or the whole line).
    if (local) {
      for (let i = 0; i < residual.length; i++) local[i] = residual[i];
      movingTraceMeanInPlace(local, traces, n, halfWidth, 'mean');
      for (let i = 0; i < residual.length; i++) {
        background[i] += local[i];
        residual[i] -= local[i];
      }
      continue;
    }
    const mean = new Float64Array(n);
    for (let t = 0; t < traces; t++) for (let s = 0; s < n; s++) mean[s] += residual[t * n + s] / traces;
    for (let s = 0; s < n; s++) background[s] += mean[s];
    for (let t = 0; t < traces; t++) for (let s = 0; s < n; s++) residual[t * n + s] -= mean[s];
  }
  if (!hasBackground) return { scan, models };
  const data = new Float32Array(dewowed.length);
  for (let t = 0; t < traces; t++) {
    const row = isMoving ? t * n : 0;
    for (let s = 0; s < n; s++) data[t * n + s] = dewowed[t * n + s] - background[row + s];
  }
  const hilbert = hilbertImage(data, traces, n);
  const envelope = new Float32Array(data.length);
  for (let i = 0; i < data.length; i++) envelope[i] = Math.sqrt(data[i] * data[i] + hilbert[i] * hilbert[i]);
  return { scan: { ...scan, data, hilbert, envelope }, models };
}

/** Work buffers of {@link modelReflections}, see {@link workBuffers}. */
interface WorkBuffers {
  residual: Float64Array;
  background: Float64Array;
  local: Float32Array;
}

let keptWork: WorkBuffers | undefined;

/**
 * The whole-image work buffers of {@link modelReflections} (residual, moving background, window mean), kept for
 * the next call of the same size (decision 0075): a line is modelled three times and an area's lines share one
 * size, and fresh multi-megabyte arrays cost more than the loops that fill them (every new page is faulted in and
 * zeroed). Their contents are not kept: each call writes every sample before reading it. One set is kept (about
 * 20 bytes a sample; 10 MB for 1,000 × 512).
 */
function workBuffers(length: number): WorkBuffers {
  if (keptWork?.residual.length !== length)
    keptWork = {
      residual: new Float64Array(length),
      background: new Float64Array(length),
      local: new Float32Array(length),
    };
  return keptWork;
}

/** How far along its limbs a fitted reflection is subtracted ({@link reflectionExtent}), periods of delay. */
const REFLECTION_REACH_PERIODS = 1.5;

/**
 * The traces a fitted reflection is subtracted over: where its predicted time lies within 1.5 periods of its
 * apex (where limbs are picked). Farther out a model's per-trace scale fits whatever lies on its curve, e.g. the
 * apex of a bar not found yet.
 *
 * @param model - a fitted reflection ({@link modelReflections}).
 * @param periodSamples - the wavelet period, samples.
 * @returns the first and last trace.
 * @example
 * ```ts
 * const [first, last] = reflectionExtent(models[0], scan.periodSamples);
 * ```
 */
export function reflectionExtent(model: ReflectionModel, periodSamples: number): [number, number] {
  const { predicted } = model;
  let apex = 0;
  for (let t = 1; t < predicted.length; t++) if (predicted[t] < predicted[apex]) apex = t;
  const reach = predicted[apex] + REFLECTION_REACH_PERIODS * periodSamples;
  let first = apex;
  let last = apex;
  while (first > 0 && predicted[first - 1] <= reach) first--;
  while (last < predicted.length - 1 && predicted[last + 1] <= reach) last++;
  return [first, last];
}

/**
 * The scan with some fitted reflections subtracted: every model except `keep` (the bar being re-picked, so
 * that its neighbours' limbs no longer cross its own), or all of them (`keep` undefined: what the found bars
 * leave, where weaker bars hidden under their limbs show). Only traces `firstTrace`…`lastTrace` are changed
 * (the Hilbert transform and envelope are recomputed there); the rest is shared with `scan`.
 *
 * @param scan - the scan the models were fitted on ({@link modelReflections}).
 * @param models - the fitted reflections.
 * @param options - the model to keep and the trace window.
 * @returns a new prepared scan.
 * @example
 * ```ts
 * const forBar = subtractReflections(cleaner, models, { keep: 2, firstTrace: 40, lastTrace: 120 });
 * ```
 */
export function subtractReflections(
  scan: PreparedScan,
  models: ReflectionModel[],
  options: { keep?: number; firstTrace?: number; lastTrace?: number; scratch?: SubtractionScratch } = {},
): PreparedScan {
  const { traces, samplesPerTrace: n } = scan;
  const first = Math.max(0, Math.floor(options.firstTrace ?? 0));
  const last = Math.min(traces - 1, Math.ceil(options.lastTrace ?? traces - 1));
  if (last < first || models.every((_, i) => i === options.keep)) return scan;
  // Each subtracted model's extent within the window (the traces it may change).
  const spans: [number, number, number][] = [];
  models.forEach((model, i) => {
    if (i === options.keep) return;
    const [from, to] = reflectionExtent(model, scan.periodSamples);
    const lo = Math.max(first, from);
    const hi = Math.min(last, to);
    if (hi >= lo) spans.push([i, lo, hi]);
  });
  const scratch = options.scratch;
  let data: Float32Array;
  let hilbert: Float32Array;
  let envelope: Float32Array;
  if (scratch && scratch.data.length === scan.data.length) {
    // Put back what the previous call changed, then change this window only.
    const [a, b] = scratch.window;
    if (b >= a) {
      scratch.data.set(scan.data.subarray(a * n, (b + 1) * n), a * n);
      scratch.hilbert.set(scan.hilbert.subarray(a * n, (b + 1) * n), a * n);
      scratch.envelope.set(scan.envelope.subarray(a * n, (b + 1) * n), a * n);
    }
    scratch.window = [first, last];
    ({ data, hilbert, envelope } = scratch);
  } else {
    data = scan.data.slice();
    hilbert = scan.hilbert.slice();
    envelope = scan.envelope.slice();
  }
  // Trace by trace, in double precision through one row (the models in their order, as over a whole block
  // before: the same sums and one rounding to single), only where a model reaches: the other traces are the
  // scan's already. A fresh block of the window's size cost more than the subtraction (new pages).
  const isChanged = new Uint8Array(last - first + 1);
  const row = new Float64Array(n);
  const source = scan.data;
  for (let t = first; t <= last; t++) {
    let isReached = false;
    for (const [i, lo, hi] of spans) {
      if (t < lo || t > hi) continue;
      if (!isReached) {
        isReached = true;
        for (let s = 0; s < n; s++) row[s] = source[t * n + s];
      }
      addModel(models[i], row, n, -1, t, t);
    }
    if (!isReached) continue;
    isChanged[t - first] = 1;
    data.set(row, t * n);
  }
  // The Hilbert transform and envelope are recomputed over the window's pairs of traces (hilbertImage packs
  // traces first + 2k and first + 2k + 1 in one FFT) that a model changed. A pair left unchanged keeps the scan's
  // values: the same numbers, because the scan's Hilbert image was made by hilbertImage over the whole line
  // (prepareScan, modelReflections), whose pairs are the window's when `first` is even — the same two traces in
  // one FFT. With `first` odd, or for a window's last trace alone where the line pairs it, every pair is redone.
  for (let a = 0; a <= last - first; a += 2) {
    if (!isDirtyPair(isChanged, a, first, traces)) continue;
    let b = a + 2;
    while (b <= last - first && isDirtyPair(isChanged, b, first, traces)) b += 2;
    const from = first + a;
    const to = Math.min(last, first + b - 1);
    hilbertImage(
      data.subarray(from * n, (to + 1) * n),
      to - from + 1,
      n,
      hilbert.subarray(from * n, (to + 1) * n),
    );
    for (let i = from * n; i < (to + 1) * n; i++)
      envelope[i] = Math.sqrt(data[i] * data[i] + hilbert[i] * hilbert[i]);
    a = b - 2;
  }
  return { ...scan, data, hilbert, envelope };
}

/**
 * Whether the window's pair of traces starting at offset `a` (from `first`) needs its Hilbert transform redone
 * ({@link subtractReflections}): a model changed one of its traces, or its pairing differs from the whole line's
 * (an odd `first`, or a lone last trace of the window that the line pairs with the next).
 */
function isDirtyPair(isChanged: Uint8Array, a: number, first: number, traces: number): boolean {
  if (first % 2 !== 0) return true;
  if (isChanged[a] || isChanged[a + 1]) return true;
  return a + 1 >= isChanged.length && first + a + 1 < traces;
}

/**
 * Reusable buffers for a series of {@link subtractReflections} calls on one scan (one bar at a time): each call
 * restores the previous call's window and overwrites its own, instead of copying the whole image. A scan
 * returned by one call is valid until the next.
 */
export interface SubtractionScratch {
  data: Float32Array;
  hilbert: Float32Array;
  envelope: Float32Array;
  /** The traces the last call changed (first > last: none). */
  window: [number, number];
}

/**
 * Buffers for {@link subtractReflections}, copies of the scan's.
 *
 * @param scan - the scan the subtractions will start from.
 * @returns the scratch buffers.
 * @example
 * ```ts
 * const scratch = subtractionScratch(scan);
 * const forBar = subtractReflections(scan, models, { keep: 0, firstTrace: 10, lastTrace: 90, scratch });
 * ```
 */
export function subtractionScratch(scan: PreparedScan): SubtractionScratch {
  return {
    data: scan.data.slice(),
    hilbert: scan.hilbert.slice(),
    envelope: scan.envelope.slice(),
    window: [0, -1],
  };
}

/** One reflection being modelled: wavelet, predicted and fitted centre sample and scale per trace. */
export interface ReflectionModel {
  wavelet: Float64Array;
  predicted: Float64Array;
  centres: Float64Array;
  scales: Float64Array;
}

/**
 * Adds `sign` × the reflection's current model (scale × shifted wavelet per trace) to `image`; with a trace
 * window, `image` holds only traces `first`…`last`.
 */
function addModel(
  model: ReflectionModel,
  image: Float64Array,
  n: number,
  sign: 1 | -1,
  first = 0,
  last = model.scales.length - 1,
): void {
  const { wavelet: w, centres, scales } = model;
  const length = w.length;
  const half = (length - 1) / 2;
  for (let t = first; t <= last; t++) {
    const scale = scales[t];
    if (scale === 0) continue;
    // sign · scale · the wavelet (centred on index (length − 1)/2) at fractional offset u, linear between its
    // samples, 0 outside.
    const amplitude = sign * scale;
    const centre = centres[t];
    const row = (t - first) * n;
    const lo = Math.max(0, Math.ceil(centre - half));
    const hi = Math.min(n - 1, Math.floor(centre + half));
    if (centre >= length) {
      // Here u = s − centre + half is exact for every s (|s − centre| ≤ half and u ≤ 2·half are below the
      // power of two under centre, and both are multiples of centre's last bit), so u steps by exactly 1: its
      // floor steps by 1 and its fraction is the same at every s. The same values as the loop below, without a
      // floor per sample.
      const u0 = lo - centre + half;
      const i0 = Math.floor(u0);
      const f = u0 - i0;
      const g = 1 - f;
      for (let s = lo, i = i0; s <= hi; s++, i++) {
        let value = 0;
        if (i >= 0 && i < length) value = i + 1 < length ? w[i] * g + w[i + 1] * f : w[i] * g;
        image[row + s] += amplitude * value;
      }
      continue;
    }
    for (let s = lo; s <= hi; s++) {
      const u = s - centre + half;
      const i = Math.floor(u);
      let value = 0;
      if (i >= 0 && i < length) {
        const f = u - i;
        value = i + 1 < length ? w[i] * (1 - f) + w[i + 1] * f : w[i] * (1 - f);
      }
      image[row + s] += amplitude * value;
    }
  }
}

/**
 * Least-squares scale of the wavelet in every trace, at the shift (within ± `maxShift` samples of the prediction)
 * where its correlation with the residual peaks: integer lags, then a parabola through the best three.
 */
function fitModel(model: ReflectionModel, residual: Float64Array, n: number, maxShift: number): void {
  const { wavelet: w, predicted, centres, scales } = model;
  const length = w.length;
  const half = (length - 1) / 2;
  let energy = 0;
  for (const v of w) energy += v * v;
  scales.fill(0);
  if (!(energy > 0)) return;
  const reach = Math.max(1, Math.round(maxShift));
  const dots = new Float64Array(2 * reach + 1);
  const norms = new Float64Array(2 * reach + 1);
  for (let t = 0; t < scales.length; t++) {
    // Wavelet sample i lies at trace sample base + i + lag (integer base: the prediction rounded).
    const base = Math.round(predicted[t] - half);
    const row = t * n;
    let best = -1;
    let bestGain = -1;
    if (reach === 2 && base - 2 >= 0 && base + 2 + length - 1 <= n - 1) {
      // The common case (a shift of ±2 samples, the whole wavelet inside the trace at every lag): the five lags'
      // dot products in one pass over the wavelet, each summed over i in the same order as the loop below (the
      // same values to the last bit), with the residual's samples loaded once instead of five times.
      const at = row + base - 2;
      let d0 = 0;
      let d1 = 0;
      let d2 = 0;
      let d3 = 0;
      let d4 = 0;
      let r0 = residual[at];
      let r1 = residual[at + 1];
      let r2 = residual[at + 2];
      let r3 = residual[at + 3];
      for (let i = 0; i < length; i++) {
        const v = w[i];
        const r4 = residual[at + i + 4];
        d0 += v * r0;
        d1 += v * r1;
        d2 += v * r2;
        d3 += v * r3;
        d4 += v * r4;
        r0 = r1;
        r1 = r2;
        r2 = r3;
        r3 = r4;
      }
      dots[0] = d0;
      dots[1] = d1;
      dots[2] = d2;
      dots[3] = d3;
      dots[4] = d4;
      for (let l = 0; l < 5; l++) {
        norms[l] = energy;
        const dot = dots[l];
        const gain = energy > 0.05 * energy ? (dot * dot) / energy : -1;
        if (gain > bestGain) {
          bestGain = gain;
          best = l;
        }
      }
    } else
      for (let lag = -reach; lag <= reach; lag++) {
        let dot = 0;
        let norm = 0;
        const first = Math.max(0, -(base + lag));
        const last = Math.min(length - 1, n - 1 - (base + lag));
        const at = row + base + lag;
        if (first === 0 && last === length - 1) {
          // The whole wavelet inside the trace: its norm is the energy (the same sum in the same order).
          for (let i = 0; i < length; i++) dot += w[i] * residual[at + i];
          norm = energy;
        } else {
          for (let i = first; i <= last; i++) {
            const v = w[i];
            dot += v * residual[at + i];
            norm += v * v;
          }
        }
        dots[lag + reach] = dot;
        norms[lag + reach] = norm;
        const gain = norm > 0.05 * energy ? (dot * dot) / norm : -1;
        if (gain > bestGain) {
          bestGain = gain;
          best = lag + reach;
        }
      }
    if (best < 0) continue;
    let offset = 0;
    if (best > 0 && best < dots.length - 1) {
      const a = dots[best - 1];
      const b = dots[best];
      const c = dots[best + 1];
      const curvature = a - 2 * b + c;
      if (curvature * b < 0) offset = Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / curvature));
    }
    centres[t] = base + best - reach + offset + half;
    scales[t] =
      (dots[best] +
        0.25 * offset * (dots[Math.min(dots.length - 1, best + 1)] - dots[Math.max(0, best - 1)])) /
      norms[best];
  }
}

/**
 * Re-estimates the wavelet from the residual given the scales: Σ aₜ·rₜ(cₜ + u) / Σ aₜ² (the residual stacked at
 * the fitted centres, weighted by the amplitudes).
 */
function restackWavelet(model: ReflectionModel, residual: Float64Array, n: number): void {
  const { wavelet, centres, scales } = model;
  const half = (wavelet.length - 1) / 2;
  let norm = 0;
  for (const a of scales) norm += a * a;
  if (!(norm > 0)) return;
  const next = new Float64Array(wavelet.length);
  const length = wavelet.length;
  for (let t = 0; t < scales.length; t++) {
    const a = scales[t];
    if (a === 0) continue;
    const centre = centres[t];
    const row = t * n;
    if (centre >= length) {
      // Where centre + i stays below the power of two above the centre, centre + i and then − half are exact
      // (multiples of the centre's last bit, below that power of two), so the position steps by exactly 1: its
      // floor steps by 1 and its fraction is the same at every i — the values of the loop below.
      let above = 1;
      while (above <= centre) above *= 2;
      if (centre + (length - 1) < above) {
        const start = centre - half;
        const s00 = Math.floor(start);
        const f = start - s00;
        const g = 1 - f;
        for (let i = 0, s0 = s00; i < length; i++, s0++) {
          if (s0 < 0 || s0 >= n - 1) continue;
          next[i] += a * (residual[row + s0] * g + residual[row + s0 + 1] * f);
        }
        continue;
      }
    }
    for (let i = 0; i < length; i++) {
      const position = centre + i - half;
      const s0 = Math.floor(position);
      if (s0 < 0 || s0 >= n - 1) continue;
      const f = position - s0;
      next[i] += a * (residual[row + s0] * (1 - f) + residual[row + s0 + 1] * f);
    }
  }
  for (let i = 0; i < wavelet.length; i++) wavelet[i] = next[i] / norm;
}
