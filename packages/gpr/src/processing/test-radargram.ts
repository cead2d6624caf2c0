import type { Radargram } from '../model/radargram';

/**
 * A small radargram from explicit traces, for tests and examples: `traces[t][s]` becomes sample s of trace t.
 *
 * @param traces - amplitudes, one array per trace (all the same length).
 * @param fields - other fields to set (sample interval 1 ns and trace spacing 0.01 m by default).
 * @returns the radargram.
 * @example
 * ```ts
 * const rg = radargramFromTraces([[1, 2], [3, 4]]); // 2 traces × 2 samples
 * ```
 */
export function radargramFromTraces(traces: number[][], fields: Partial<Radargram> = {}): Radargram {
  const samplesPerTrace = traces[0]?.length ?? 0;
  return {
    samples: Float32Array.from(traces.flat()),
    traces: traces.length,
    samplesPerTrace,
    sampleIntervalS: 1e-9,
    timeOffsetS: 0,
    traceSpacingM: 0.01,
    antennaSeparationM: 0,
    marks: [],
    format: 'dzt',
    name: 'test',
    header: [],
    ...fields,
  };
}

/**
 * The traces of a radargram as nested arrays (inverse of {@link radargramFromTraces}).
 *
 * @param rg - the radargram.
 * @returns `traces[t][s]`.
 * @example
 * ```ts
 * tracesOf(radargramFromTraces([[1, 2]])); // [[1, 2]]
 * ```
 */
export function tracesOf(rg: Radargram): number[][] {
  return Array.from({ length: rg.traces }, (_, t) =>
    Array.from(rg.samples.subarray(t * rg.samplesPerTrace, (t + 1) * rg.samplesPerTrace)),
  );
}
