/**
 * A radix-2 complex FFT on separate real and imaginary Float64Arrays, in place, with cached plans
 * (bit-reversal permutation and twiddle factors) per size. Forward uses e^(−2πi·k·n/N) without scaling;
 * inverse uses e^(+2πi·k·n/N) and divides by N, so `inverse(forward(x)) = x`.
 */

/** A prepared transform of one power-of-two size. */
export interface FftPlan {
  /** Transform length (a power of two). */
  readonly size: number;
  /** Forward transform of `re + i·im` in place; both arrays must have length `size`. */
  forward(re: Float64Array, im: Float64Array): void;
  /** Inverse transform (scaled by 1/size) in place. */
  inverse(re: Float64Array, im: Float64Array): void;
}

const plans = new Map<number, FftPlan>();

/**
 * Smallest power of two that is at least `n`.
 *
 * @param n - a positive length.
 * @returns the power of two (1 for n ≤ 1).
 * @example
 * ```ts
 * nextPowerOfTwo(512); // 512
 * nextPowerOfTwo(513); // 1024
 * ```
 */
export function nextPowerOfTwo(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

/**
 * Returns the (cached) FFT plan for a power-of-two size.
 *
 * @param size - transform length; must be a power of two ≥ 1.
 * @returns the plan, whose `forward` and `inverse` work in place on Float64Arrays of that length.
 * @throws RangeError when `size` is not a power of two.
 * @example
 * ```ts
 * const re = Float64Array.of(1, 2, 3, 4);
 * const im = new Float64Array(4);
 * getFftPlan(4).forward(re, im); // re = [10, −2, −2, −2], im = [0, 2, 0, −2]
 * ```
 */
export function getFftPlan(size: number): FftPlan {
  const cached = plans.get(size);
  if (cached) return cached;
  if (!Number.isInteger(size) || size < 1 || (size & (size - 1)) !== 0) {
    throw new RangeError(`FFT size must be a power of two, got ${size}`);
  }
  const plan = buildPlan(size);
  plans.set(size, plan);
  return plan;
}

function buildPlan(size: number): FftPlan {
  const reverse = new Uint32Array(size);
  let bits = 0;
  while (1 << bits < size) bits++;
  for (let i = 0; i < size; i++) {
    let r = 0;
    for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
    reverse[i] = r;
  }
  const half = Math.max(1, size >> 1);
  const cos = new Float64Array(half);
  const sin = new Float64Array(half);
  for (let k = 0; k < half; k++) {
    // The quarter turn is exact so that small transforms give exact integers.
    const isQuarter = 4 * k === size;
    cos[k] = isQuarter ? 0 : Math.cos((2 * Math.PI * k) / size);
    sin[k] = isQuarter ? 1 : Math.sin((2 * Math.PI * k) / size);
  }
  const run = (re: Float64Array, im: Float64Array, sign: number): void => {
    if (re.length !== size || im.length !== size) {
      throw new RangeError(
        `FFT of size ${size} needs arrays of that length, got ${re.length} and ${im.length}`,
      );
    }
    for (let i = 0; i < size; i++) {
      const j = reverse[i];
      if (j > i) {
        const tr = re[i];
        re[i] = re[j];
        re[j] = tr;
        const ti = im[i];
        im[i] = im[j];
        im[j] = ti;
      }
    }
    // Spans 2 and 4 need no multiplications (twiddles 1 and ∓i).
    if (size >= 2) {
      for (let a = 0; a < size; a += 2) {
        const xr = re[a + 1];
        const xi = im[a + 1];
        re[a + 1] = re[a] - xr;
        im[a + 1] = im[a] - xi;
        re[a] += xr;
        im[a] += xi;
      }
    }
    if (size >= 4) {
      for (let a = 0; a < size; a += 4) {
        let xr = re[a + 2];
        let xi = im[a + 2];
        re[a + 2] = re[a] - xr;
        im[a + 2] = im[a] - xi;
        re[a] += xr;
        im[a] += xi;
        // twiddle e^(sign·iπ/2) = sign·i: (r + i·m)·(sign·i) = −sign·m + i·sign·r
        xr = -sign * im[a + 3];
        xi = sign * re[a + 3];
        re[a + 3] = re[a + 1] - xr;
        im[a + 3] = im[a + 1] - xi;
        re[a + 1] += xr;
        im[a + 1] += xi;
      }
    }
    let span = 8;
    // Two radix-2 stages at a time (spans 2h and 4h): one load and store per element for both.
    for (; 2 * span <= size; span *= 4) {
      const h = span >> 1;
      const step1 = size / span;
      const step2 = step1 >> 1;
      for (let k = 0; k < h; k++) {
        const w1r = cos[k * step1];
        const w1i = sign * sin[k * step1];
        const w2r = cos[k * step2];
        const w2i = sign * sin[k * step2];
        for (let a = k; a < size; a += 4 * h) {
          const b = a + h;
          const c = b + h;
          const d = c + h;
          const t1r = re[b] * w1r - im[b] * w1i;
          const t1i = re[b] * w1i + im[b] * w1r;
          const t3r = re[d] * w1r - im[d] * w1i;
          const t3i = re[d] * w1i + im[d] * w1r;
          const y0r = re[a] + t1r;
          const y0i = im[a] + t1i;
          const y1r = re[a] - t1r;
          const y1i = im[a] - t1i;
          const y2r = re[c] + t3r;
          const y2i = im[c] + t3i;
          const y3r = re[c] - t3r;
          const y3i = im[c] - t3i;
          const ur = y2r * w2r - y2i * w2i;
          const ui = y2r * w2i + y2i * w2r;
          // v = w2 · y3 · (sign·i)
          const pr = y3r * w2r - y3i * w2i;
          const pi = y3r * w2i + y3i * w2r;
          const vr = -sign * pi;
          const vi = sign * pr;
          re[a] = y0r + ur;
          im[a] = y0i + ui;
          re[c] = y0r - ur;
          im[c] = y0i - ui;
          re[b] = y1r + vr;
          im[b] = y1i + vi;
          re[d] = y1r - vr;
          im[d] = y1i - vi;
        }
      }
    }
    if (span <= size) {
      const halfSpan = span >> 1;
      const step = size / span;
      for (let k = 0; k < halfSpan; k++) {
        const wr = cos[k * step];
        const wi = sign * sin[k * step];
        for (let a = k; a < size; a += span) {
          const b = a + halfSpan;
          const xr = re[b] * wr - im[b] * wi;
          const xi = re[b] * wi + im[b] * wr;
          re[b] = re[a] - xr;
          im[b] = im[a] - xi;
          re[a] += xr;
          im[a] += xi;
        }
      }
    }
  };
  return {
    size,
    forward: (re, im) => run(re, im, -1),
    inverse: (re, im) => {
      run(re, im, 1);
      const scale = 1 / size;
      for (let i = 0; i < size; i++) {
        re[i] *= scale;
        im[i] *= scale;
      }
    },
  };
}
