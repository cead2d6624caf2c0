import { inflateSync } from 'fflate';
import { GprFormatError } from './errors';
import { Hdf5Session } from './hdf5-session';
import type { Hdf5Module } from './hdf5-session';

/**
 * A tiny valid HDF5 file (deflated): root attribute dt = 1e-12 and /rxs/rx1/Ez = [[1,2],[3,4],[5,6]] (float32).
 * Read after every failed file to check that the WebAssembly instance still works.
 */
const CANARY_DEFLATED_HEX =
  'ebf47071e3e592e262e2e0608081ff5020011532808aef905ffbc3dfc3258849c17939533632ae601242d608035c4c0c8c0c' +
  '0ca2420c2c98723c3a0c0ccc402802924c29611054b06780d8e7c060c2cd60f29f99818109c8137ca5db38737aa12d1b1f03' +
  'd030e6a28ae2c370873230f0349c2822c34970c30cc3803c307043329522d0bd6acd2c729cc40b7212936bd54b988bdca9e5' +
  '2286f6a2387db09314d19dc4c0c8a8020c672646466070830128cc4100832fc2c028a8200f8a2d20506010e76010af07b258' +
  '81ae67e6e200fa8c99111a810c12308b1750cd0b34039f0e6a7e1ffcae1c05a360148c021a80067b709dcbe000c40d40bc00' +
  '880f380000';

/** After this many damaged files, the next loadHdf5Support() swaps in a fresh instance. */
const RECYCLE_AFTER_FAILURES = 200;

type Factory = () => Promise<Hdf5Module>;

let factory: Factory | undefined;
let canRecycle = false;
let current: Hdf5Module | undefined;
let isStale = false;
let failures = 0;
let loading: Promise<void> | undefined;
let retiredReason: string | undefined;
let disabledReason: string | undefined;
let fileCounter = 0;
const stats = { instancesCreated: 0, instancesRetired: 0, failedFiles: 0 };
const canaryWritten = new WeakSet<Hdf5Module>();

/**
 * Loads the HDF5 library (h5wasm, WebAssembly) so gprMax `.out` files can be read (synchronously) afterwards.
 * Imported lazily: users who never open HDF5 never download it. Call it again after a damaged file: HDF5 runs
 * C code that is not memory-safe on hostile input, so an instance that trapped or fails its self-check is
 * replaced by a fresh one here (where the runtime allows importing h5wasm's module factory; otherwise HDF5
 * reading stays disabled for the process). HDF5's own stderr printing is silenced.
 *
 * @returns a promise that resolves when {@link readGprMax} can run.
 * @example
 * ```ts
 * await loadHdf5Support();
 * const { radargrams } = readGprMax({ name: 'cylinder_Bscan_2D_all.out', bytes });
 * ```
 */
export async function loadHdf5Support(): Promise<void> {
  if ((current && !isStale) || disabledReason) return;
  loading ??= (async () => {
    try {
      factory ??= await loadFactory();
      if (current && !canRecycle) {
        isStale = false;
        return;
      }
      const instance = await factory();
      stats.instancesCreated++;
      silenceStderr(instance);
      current = instance;
      isStale = false;
      failures = 0;
      retiredReason = undefined;
    } finally {
      loading = undefined;
    }
  })();
  await loading;
}

/**
 * Whether gprMax files can be read right now (false before {@link loadHdf5Support}, and after a damaged file
 * retired the instance until the next {@link loadHdf5Support}).
 *
 * @returns true when an HDF5 instance is ready.
 * @example
 * ```ts
 * if (!isHdf5SupportLoaded()) await loadHdf5Support();
 * ```
 */
export function isHdf5SupportLoaded(): boolean {
  return current !== undefined && !disabledReason;
}

/**
 * Counters for tests and monitoring: instances created and retired, damaged files seen.
 *
 * @returns a snapshot of the counters.
 * @example
 * ```ts
 * getHdf5RuntimeStats().instancesRetired; // 0 until a damaged file broke an instance
 * ```
 */
export function getHdf5RuntimeStats(): {
  instancesCreated: number;
  instancesRetired: number;
  failedFiles: number;
} {
  return { ...stats };
}

async function loadFactory(): Promise<Factory> {
  // h5wasm exports only its high-level API, bound to one module instance. Its Emscripten factory sits next to
  // it; importing that by URL (Node, native ESM) lets us create replaceable instances.
  const meta = import.meta as unknown as { resolve?: (specifier: string) => string };
  try {
    if (typeof meta.resolve === 'function') {
      const url = meta.resolve('h5wasm').replace(/[^/]*$/, 'hdf5_util.js');
      const module = (await import(/* @vite-ignore */ url)) as {
        default?: (arg: object) => Promise<Hdf5Module>;
      };
      const create = module.default;
      if (typeof create === 'function') {
        canRecycle = true;
        return () => create({ noInitialRun: true });
      }
    }
  } catch {
    // Fall back to the shared instance below.
  }
  const h5 = await import('h5wasm');
  const shared = (await h5.ready) as unknown as Hdf5Module;
  canRecycle = false;
  return async () => shared;
}

function silenceStderr(m: Hdf5Module): void {
  try {
    m.FS.close(m.FS.getStream(2));
    m.FS.open('/dev/null', 'w');
  } catch {
    // Only log noise is at stake.
  }
}

/**
 * Opens an HDF5 file from memory (h5wasm's in-memory file system, never the disk), runs `fn`, then closes and
 * deletes it. Every failure becomes a {@link GprFormatError}; after one, the instance is checked with a
 * known-good file and retired if that fails or if it trapped (see {@link loadHdf5Support}).
 *
 * @param fileName - for messages.
 * @param bytes - the HDF5 file.
 * @param fn - reads what it needs through the session.
 * @returns what `fn` returns.
 * @example
 * ```ts
 * const names = withHdf5File('a.out', bytes, (file) => file.keys('/'));
 * ```
 */
export function withHdf5File<T>(fileName: string, bytes: Uint8Array, fn: (file: Hdf5Session) => T): T {
  if (disabledReason) throw new GprFormatError(fileName, `HDF5 reading is disabled: ${disabledReason}`);
  const m = current;
  if (!m) {
    throw new GprFormatError(
      fileName,
      retiredReason
        ? `HDF5 support was reset after a damaged file (${retiredReason}); call \`await loadHdf5Support()\` again`
        : 'HDF5 support is not loaded: call `await loadHdf5Support()` first (readGprFileAsync does it for you)',
    );
  }
  let failed = false;
  let trapped = false;
  try {
    return openAndRun(m, fileName, bytes, fn);
  } catch (error) {
    failed = true;
    if (error instanceof GprFormatError) throw error;
    const name = error instanceof Error ? error.name : '';
    const message = (
      (error instanceof Error ? error.message : String(error)).trim().split('\n').pop() ?? ''
    ).trim();
    if (name === 'RuntimeError') {
      trapped = true;
      retire(m, message || 'WebAssembly trap');
    }
    throw new GprFormatError(fileName, `damaged HDF5 file: ${message || name || 'unknown error'}`, error);
  } finally {
    if (failed && !trapped && current === m) afterFailure(m);
  }
}

function openAndRun<T>(m: Hdf5Module, fileName: string, bytes: Uint8Array, fn: (file: Hdf5Session) => T): T {
  const path = `/gprhub-${++fileCounter}.h5`;
  let fileId = -1n;
  try {
    m.FS.writeFile(path, bytes);
    fileId = m.open(path, m.H5F_ACC_RDONLY, false, -1, -1);
    if (fileId < 0n)
      throw new GprFormatError(fileName, 'damaged or truncated HDF5 file: the HDF5 library cannot open it');
    return fn(new Hdf5Session(m, fileId, fileName));
  } finally {
    try {
      if (fileId >= 0n) m.close_file(fileId);
    } catch {
      // A half-read damaged file may refuse to close; the in-memory copy is deleted below either way.
    }
    try {
      m.FS.unlink(path);
    } catch {
      // Nothing to delete when writeFile itself failed.
    }
  }
}

function retire(m: Hdf5Module, reason: string): void {
  if (current !== m) return;
  stats.instancesRetired++;
  current = undefined;
  if (canRecycle) retiredReason = reason;
  else disabledReason = `the shared HDF5 instance failed (${reason}) and cannot be replaced in this runtime`;
}

function afterFailure(m: Hdf5Module): void {
  failures++;
  stats.failedFiles++;
  if (!passesCanary(m)) retire(m, 'it failed its self-check after a damaged file');
  else if (failures >= RECYCLE_AFTER_FAILURES && canRecycle) isStale = true;
}

function passesCanary(m: Hdf5Module): boolean {
  const path = '/gprhub-canary.h5';
  let fileId = -1n;
  try {
    if (!canaryWritten.has(m)) {
      m.FS.writeFile(path, inflateSync(hexToBytes(CANARY_DEFLATED_HEX)));
      canaryWritten.add(m);
    }
    fileId = m.open(path, m.H5F_ACC_RDONLY, false, -1, -1);
    if (fileId < 0n) return false;
    const session = new Hdf5Session(m, fileId, 'canary');
    const values = session.readFloats('/rxs/rx1/Ez', session.datasetMetadata('/rxs/rx1/Ez'));
    return session.attributes('/').dt === 1e-12 && values.length === 6 && values.every((v, i) => v === i + 1);
  } catch {
    return false;
  } finally {
    try {
      if (fileId >= 0n) m.close_file(fileId);
    } catch {
      // Reported through the return value.
    }
  }
}

function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}
