/**
 * Writes small gprMax-style HDF5 files with h5wasm (in memory), for tests and fuzz seeds.
 */
import h5wasm from 'h5wasm';

/** Options for {@link buildGprMaxFile}. */
export interface GprMaxSpec {
  iterations?: number;
  traces?: number;
  /** Write the newer-gprMax attributes (cell size, steps, positions). */
  withGeometry?: boolean;
  receivers?: number;
}

let counter = 0;

/** A merged B-scan with Ez = sin, Ex = Ey = 0 (so Ez is the dominant component). */
export async function buildGprMaxFile(spec: GprMaxSpec = {}): Promise<Uint8Array> {
  const module = await h5wasm.ready;
  const iterations = spec.iterations ?? 64;
  const traces = spec.traces ?? 4;
  const path = `/fixture-${++counter}.out`;
  const file = new h5wasm.File(path, 'w');
  file.create_attribute('Iterations', new BigInt64Array([BigInt(iterations)]), []);
  file.create_attribute('dt', new Float64Array([2.5e-12]), []);
  if (spec.withGeometry) {
    file.create_attribute('dx_dy_dz', new Float64Array([0.001, 0.001, 0.001]), [3]);
    file.create_attribute('srcsteps', new Int32Array([2, 0, 0]), [3]);
    file.create_attribute('rxsteps', new Int32Array([2, 0, 0]), [3]);
    file.create_attribute('Title', 'fixture');
    const src = file.create_group('srcs').create_group('src1');
    src.create_attribute('Position', new Float64Array([0.02, 0.17, 0]), [3]);
  }
  const rxs = file.create_group('rxs');
  for (let k = 1; k <= (spec.receivers ?? 1); k++) {
    const rx = rxs.create_group(`rx${k}`);
    if (spec.withGeometry) rx.create_attribute('Position', new Float64Array([0.06, 0.17, 0]), [3]);
    for (const c of ['Ex', 'Ey', 'Ez', 'Hx', 'Hy', 'Hz']) {
      const data = new Float32Array(iterations * traces).map((_, i) =>
        c === 'Ez' ? k * Math.sin(i / 7) : 0,
      );
      rx.create_dataset({ name: c, data, shape: traces > 1 ? [iterations, traces] : [iterations] });
    }
  }
  file.close();
  const bytes = module.FS.readFile(path) as Uint8Array;
  module.FS.unlink(path);
  return bytes;
}
