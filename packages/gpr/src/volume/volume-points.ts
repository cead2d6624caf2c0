import { getColormap, sampleColormap } from '../colormaps/colormaps';
import type { MigratedVolume } from './migrated-volume';

/** Options of {@link volumePoints}. */
export interface VolumePointsOptions {
  /** Least amplitude kept, in noise floors (the lines' median migrated envelope). Default 8. */
  noiseFactor?: number;
  /** Keep at most this fraction of the volume's cells (the strongest). Default 0.01. */
  keepFraction?: number;
  /** Most points. Default 500,000. */
  maxPoints?: number;
}

/** The thresholded points of a volume. */
export interface VolumePointCloud {
  /** x, y, z per point, metres, in the scan's grid (z = depth below the surface). */
  positions: Float32Array;
  /** r, g, b per point (turbo colour map: weak = blue, strong = red). */
  colours: Uint8Array;
  /** Amplitude per point, in noise floors. */
  amplitudes: Float32Array;
  count: number;
  /** The amplitude threshold used and the amplitude coloured fully red, in noise floors. */
  threshold: number;
  maxAmplitude: number;
}

/**
 * Threshold a volume into coloured points (decisions/0045): a cell is kept when its amplitude is at least
 * `noiseFactor` noise floors AND among the strongest `keepFraction` of the cells (the larger of the two
 * thresholds wins: the first keeps noise out of a quiet scan, the second keeps clutter down in a busy one), and
 * at most `maxPoints` (the threshold rises to fit). Colour: the turbo map from 0.15 (blue, at the threshold) to 1
 * (dark red, at the 99.5th percentile of the kept amplitudes) on a logarithmic scale: strong = warm.
 *
 * @param volume - from {@link migratedVolume}.
 * @param options - threshold settings.
 * @returns the points.
 * @example
 * ```ts
 * const cloud = volumePoints(migratedVolume(lines, { permittivity: 7 }));
 * cloud.count;
 * ```
 */
export function volumePoints(volume: MigratedVolume, options: VolumePointsOptions = {}): VolumePointCloud {
  const noiseFactor = options.noiseFactor ?? 8;
  const keepFraction = options.keepFraction ?? 0.01;
  const maxPoints = options.maxPoints ?? 500_000;
  const { values } = volume;
  const finite = sampleFinite(values, 200_000);
  let threshold = Math.max(noiseFactor, quantile(finite, 1 - keepFraction));
  let kept = countAbove(values, threshold);
  if (kept > maxPoints) {
    // Raise the threshold to the amplitude of the maxPoints-th strongest cell (by its share of the cells).
    const total = countAbove(values, Number.NEGATIVE_INFINITY);
    threshold = Math.max(threshold, quantile(finite, 1 - maxPoints / total));
    kept = countAbove(values, threshold);
  }
  const keptValues: number[] = [];
  for (let c = 0; c < values.length; c++) if (values[c]! >= threshold) keptValues.push(values[c]!);
  keptValues.sort((a, b) => a - b);
  const top =
    keptValues.length > 0
      ? keptValues[Math.min(keptValues.length - 1, Math.floor(0.995 * keptValues.length))]!
      : threshold;
  const count = Math.min(kept, maxPoints);
  const positions = new Float32Array(count * 3);
  const colours = new Uint8Array(count * 3);
  const amplitudes = new Float32Array(count);
  const map = getColormap('turbo');
  const logRange = Math.log(Math.max(top, threshold * 1.0001) / threshold);
  const { nx, ny, nz, originM, stepM } = volume;
  let p = 0;
  for (let k = 0; k < nz && p < count; k++)
    for (let j = 0; j < ny && p < count; j++)
      for (let i = 0; i < nx && p < count; i++) {
        const v = values[(k * ny + j) * nx + i]!;
        if (!(v >= threshold)) continue;
        positions[3 * p] = originM[0] + i * stepM[0];
        positions[3 * p + 1] = originM[1] + j * stepM[1];
        positions[3 * p + 2] = originM[2] + k * stepM[2];
        const x = 0.15 + (0.85 * Math.log(v / threshold)) / logRange;
        const [r, g, b] = sampleColormap(map, x);
        colours[3 * p] = r;
        colours[3 * p + 1] = g;
        colours[3 * p + 2] = b;
        amplitudes[p] = v;
        p++;
      }
  return { positions, colours, amplitudes, count: p, threshold, maxAmplitude: top };
}

function sampleFinite(values: Float32Array, most: number): Float32Array {
  let finite = 0;
  for (let c = 0; c < values.length; c++) if (!Number.isNaN(values[c]!)) finite++;
  const step = Math.max(1, Math.floor(finite / most));
  const out: number[] = [];
  let seen = 0;
  for (let c = 0; c < values.length; c++) {
    const v = values[c]!;
    if (Number.isNaN(v)) continue;
    if (seen++ % step === 0) out.push(v);
  }
  return Float32Array.from(out).sort();
}

function quantile(sorted: Float32Array, q: number): number {
  if (sorted.length === 0) return Number.POSITIVE_INFINITY;
  const i = Math.max(0, Math.min(sorted.length - 1, Math.floor(q * sorted.length)));
  return sorted[i]!;
}

function countAbove(values: Float32Array, threshold: number): number {
  let n = 0;
  for (let c = 0; c < values.length; c++) if (values[c]! >= threshold) n++;
  return n;
}

/**
 * A binary little-endian PLY of the points: float x, y, z (metres), uchar red, green, blue and float amplitude
 * (noise floors; a scalar field CloudCompare and the like can colour by).
 *
 * @param cloud - from {@link volumePoints}.
 * @param comment - a line for the header (e.g. the scan and permittivity).
 * @returns the file's bytes.
 * @example
 * ```ts
 * const ply = writeVolumePly(cloud, 'Slab 7, εr 7.0');
 * ```
 */
export function writeVolumePly(cloud: VolumePointCloud, comment = ''): Uint8Array {
  const safe = comment.replace(/[^\x20-\x7e]/g, '?');
  const header =
    'ply\nformat binary_little_endian 1.0\n' +
    (safe ? `comment ${safe}\n` : '') +
    `element vertex ${cloud.count}\nproperty float x\nproperty float y\nproperty float z\n` +
    'property uchar red\nproperty uchar green\nproperty uchar blue\nproperty float amplitude\nend_header\n';
  const stride = 19;
  const out = new Uint8Array(header.length + cloud.count * stride);
  for (let i = 0; i < header.length; i++) out[i] = header.charCodeAt(i);
  const view = new DataView(out.buffer);
  for (let p = 0; p < cloud.count; p++) {
    const base = header.length + p * stride;
    for (let a = 0; a < 3; a++) view.setFloat32(base + 4 * a, cloud.positions[3 * p + a]!, true);
    for (let a = 0; a < 3; a++) out[base + 12 + a] = cloud.colours[3 * p + a]!;
    view.setFloat32(base + 15, cloud.amplitudes[p]!, true);
  }
  return out;
}
