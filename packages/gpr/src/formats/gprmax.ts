import type { HeaderField } from '../model/radargram';
import { finishRadargram } from './build';
import { checkGridSize, GprFormatError } from './errors';
import { withHdf5File } from './hdf5-runtime';
import type { Hdf5AttributeValue, Hdf5Session } from './hdf5-session';
import { fileNameOf } from './sidecars';
import type { GprFileInput, GprReadResult } from './types';

/** Field components a gprMax receiver records. */
export type GprMaxComponent = 'Ex' | 'Ey' | 'Ez' | 'Hx' | 'Hy' | 'Hz';

/** Options for {@link readGprMax}. */
export interface GprMaxReadOptions {
  /** Component to read; default: the electric component with the most energy (Ez in 2-D TMz, Ey for the GSSI antenna model). */
  component?: GprMaxComponent;
  /** Trace step (m) when the file does not store one (the 2015 layout does not). */
  traceSpacingM?: number;
  /** Tx–Rx separation (m) when the file does not store positions. */
  antennaSeparationM?: number;
}

const HDF5_MAGIC = [0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a];
/** Deflate cannot shrink data by more than about 1032:1, so more samples than this per file byte means a corrupt shape. */
const MAX_EXPANSION = 1100;

/**
 * True when an HDF5 signature sits at 0, 512, 1024, … (HDF5 allows a user block before the superblock).
 *
 * @param bytes - file contents.
 * @returns whether the bytes look like HDF5.
 * @example
 * ```ts
 * hasHdf5Signature(bytes); // true for a gprMax .out file
 * ```
 */
export function hasHdf5Signature(bytes: Uint8Array): boolean {
  for (let base = 0; base + 8 <= bytes.length && base <= 65536; base = base === 0 ? 512 : base * 2) {
    if (HDF5_MAGIC.every((b, i) => bytes[base + i] === b)) return true;
  }
  return false;
}

/**
 * Reads gprMax HDF5 output (`.out`): a merged B-scan (`/rxs/rxN/<component>` of shape [iterations, traces])
 * or a single A-scan (shape [iterations]); one radargram per receiver. dt comes from the root attribute `dt`
 * (s), the trace step from `rxsteps`/`srcsteps` × `dx_dy_dz` when present (newer gprMax), the Tx–Rx separation
 * from the `Position` attributes. Synchronous, but needs {@link loadHdf5Support} to have completed.
 *
 * @param input - the file's name and bytes.
 * @param options - component choice and geometry the file lacks.
 * @returns one radargram per receiver and warnings.
 * @throws {@link GprFormatError} for a damaged file, a missing `/rxs` group or `dt`, or when HDF5 is not loaded.
 * @example
 * ```ts
 * await loadHdf5Support();
 * const { radargrams } = readGprMax({ name: 'cylinder_Bscan_2D_all.out', bytes }, { traceSpacingM: 0.002 });
 * radargrams[0].traces; // 80
 * ```
 */
export function readGprMax(input: GprFileInput, options: GprMaxReadOptions = {}): GprReadResult {
  const fileName = fileNameOf(input.name);
  if (!hasHdf5Signature(input.bytes))
    throw new GprFormatError(fileName, 'not an HDF5 file (no HDF5 signature)');
  const warnings: string[] = [];
  const radargrams = withHdf5File(fileName, input.bytes, (file) => {
    const attrs = file.attributes('/');
    const dt = numberOf(attrs.dt);
    if (dt === undefined)
      throw new GprFormatError(fileName, 'no valid root attribute `dt` (sample interval)');
    if (file.kind('/rxs') !== 'group') throw new GprFormatError(fileName, 'no /rxs group: not gprMax output');
    const names = file.keys('/rxs').sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    if (names.length === 0) throw new GprFormatError(fileName, 'the /rxs group holds no receivers');
    return names.slice(0, 64).map((rxName) => {
      const rxPath = `/rxs/${rxName}`;
      if (file.kind(rxPath) !== 'group') throw new GprFormatError(fileName, `${rxPath} is not a group`);
      const { component, data, traces, iterations } = readComponent(
        fileName,
        file,
        rxPath,
        input.bytes.length,
        options,
      );
      const iterationsAttr = numberOf(attrs.Iterations);
      if (iterationsAttr !== undefined && iterationsAttr !== iterations) {
        warnings.push(
          `${fileName}: Iterations attribute ${iterationsAttr} differs from the ${iterations} samples stored`,
        );
      }
      const samples = new Float32Array(traces * iterations);
      for (let s = 0; s < iterations; s++) {
        for (let t = 0; t < traces; t++) samples[t * iterations + s] = data[s * traces + t];
      }
      const spacing = stepM(attrs) ?? options.traceSpacingM ?? 0;
      if (traces > 1 && spacing === 0)
        warnings.push(`${fileName}: the file stores no trace step; trace spacing unknown`);
      const header: HeaderField[] = Object.entries(attrs).map(([name, value]) => ({
        name,
        value: String(value),
      }));
      header.push({ name: 'component', value: component });
      return finishRadargram(
        fileName,
        {
          samples,
          traces,
          samplesPerTrace: iterations,
          sampleIntervalS: dt,
          timeOffsetS: 0,
          traceSpacingM: spacing,
          antennaSeparationM: separationM(file, rxPath) ?? options.antennaSeparationM ?? 0,
          marks: [],
          format: 'gprmax',
          name: names.length > 1 ? `${fileName} ${rxName}` : fileName,
          header,
        },
        warnings,
      );
    });
  });
  return { format: 'gprmax', radargrams, warnings };
}

function numberOf(value: Hdf5AttributeValue | undefined): number | undefined {
  const v = Array.isArray(value) && value.length === 1 ? value[0] : value;
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function readComponent(
  fileName: string,
  file: Hdf5Session,
  rxPath: string,
  fileBytes: number,
  options: GprMaxReadOptions,
): { component: string; data: ArrayLike<number>; traces: number; iterations: number } {
  const wanted: string[] = options.component ? [options.component] : ['Ex', 'Ey', 'Ez'];
  let best:
    | { component: string; data: ArrayLike<number>; traces: number; iterations: number; energy: number }
    | undefined;
  for (const component of wanted) {
    const path = `${rxPath}/${component}`;
    if (file.kind(path) !== 'dataset') continue;
    const meta = file.datasetMetadata(path);
    const shape = meta.shape ?? [];
    if (shape.length < 1 || shape.length > 2) {
      throw new GprFormatError(fileName, `${path}: expected a 1-D or 2-D dataset, got shape [${shape}]`);
    }
    const [iterations, traces = 1] = shape;
    checkGridSize(fileName, traces, iterations);
    if (iterations * traces * meta.size > fileBytes * MAX_EXPANSION) {
      throw new GprFormatError(fileName, `${path}: shape [${shape}] is larger than the file could hold`);
    }
    const data = file.readFloats(path, meta);
    if (data.length !== iterations * traces) {
      throw new GprFormatError(
        fileName,
        `${path}: read ${data.length} values, expected ${iterations * traces}`,
      );
    }
    let energy = 0;
    for (let i = 0; i < data.length; i++) energy += Number.isFinite(data[i]) ? data[i] * data[i] : 0;
    if (!best || energy > best.energy) best = { component, data, traces, iterations, energy };
  }
  if (!best) throw new GprFormatError(fileName, `${rxPath}: no ${wanted.join('/')} dataset`);
  return best;
}

/** Trace step from `rxsteps` (else `srcsteps`): whole numbers are cells (× `dx_dy_dz`), fractions metres. */
function stepM(attrs: Record<string, Hdf5AttributeValue>): number | undefined {
  const cell = attrs.dx_dy_dz;
  for (const key of ['rxsteps', 'srcsteps']) {
    const steps = attrs[key];
    if (!Array.isArray(steps) || steps.length !== 3 || steps.every((s) => s === 0)) continue;
    const inCells = steps.every(Number.isInteger) && Array.isArray(cell) && cell.length === 3;
    const metres = steps.map((s, i) => (inCells ? s * (cell as number[])[i] : s));
    const step = Math.hypot(...metres);
    if (Number.isFinite(step) && step > 0 && step < 10) return step;
  }
  return undefined;
}

function separationM(file: Hdf5Session, rxPath: string): number | undefined {
  if (file.kind('/srcs/src1') !== 'group') return undefined;
  const a = file.attributes(rxPath).Position;
  const b = file.attributes('/srcs/src1').Position;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== 3 || b.length !== 3) return undefined;
  const d = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  return Number.isFinite(d) && d < 10 ? d : undefined;
}
