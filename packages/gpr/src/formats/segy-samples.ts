/**
 * SEG-Y sample formats (rev 0/1/2 format codes) and the GPR sample-interval unit heuristic.
 */

/** Bytes per sample for each supported SEG-Y format code (4, fixed-point with gain, is not supported). */
export const SEGY_SAMPLE_BYTES: Record<number, number> = {
  1: 4, // IBM float32
  2: 4, // int32
  3: 2, // int16
  5: 4, // IEEE float32
  6: 8, // IEEE float64 (rev 2)
  7: 3, // int24 (rev 2)
  8: 1, // int8
  9: 8, // int64 (rev 2)
  10: 4, // uint32 (rev 2)
  11: 2, // uint16 (rev 2)
  12: 8, // uint64 (rev 2)
  15: 3, // uint24 (rev 2)
  16: 1, // uint8 (rev 2)
};

/** Human names of the format codes, for headers and messages. */
export const SEGY_FORMAT_NAMES: Record<number, string> = {
  1: 'IBM float32',
  2: 'int32',
  3: 'int16',
  5: 'IEEE float32',
  6: 'IEEE float64',
  7: 'int24',
  8: 'int8',
  9: 'int64',
  10: 'uint32',
  11: 'uint16',
  12: 'uint64',
  15: 'uint24',
  16: 'uint8',
};

const IBM_SCALE = Array.from({ length: 128 }, (_, e) => 16 ** (e - 64) / 2 ** 24);

/**
 * Converts a 32-bit IBM System/360 float (sign, 7-bit base-16 exponent biased by 64, 24-bit fraction).
 *
 * @param bits - the raw 32 bits as an unsigned integer.
 * @returns the value.
 * @example
 * ```ts
 * ibmToNumber(0x41100000); // 1
 * ibmToNumber(0xc276a000); // -118.625
 * ```
 */
export function ibmToNumber(bits: number): number {
  const fraction = bits & 0x00ffffff;
  if (fraction === 0) return 0;
  const value = fraction * IBM_SCALE[(bits >>> 24) & 0x7f];
  return bits & 0x80000000 ? -value : value;
}

/**
 * Decodes `count` samples of a SEG-Y format code starting at `offset` into `out[outOffset…]`.
 * The caller has checked that the bytes exist.
 *
 * @param view - the file.
 * @param offset - byte offset of the first sample.
 * @param count - number of samples.
 * @param formatCode - SEG-Y format code (see {@link SEGY_SAMPLE_BYTES}).
 * @param littleEndian - byte order.
 * @param out - destination.
 * @param outOffset - first index written in `out`.
 * @returns nothing.
 * @example
 * ```ts
 * decodeSegySamples(view, 3840, 1000, 5, true, samples, 0);
 * ```
 */
export function decodeSegySamples(
  view: DataView,
  offset: number,
  count: number,
  formatCode: number,
  littleEndian: boolean,
  out: Float32Array,
  outOffset: number,
): void {
  const le = littleEndian;
  for (let i = 0; i < count; i++) {
    const o = offset + i * SEGY_SAMPLE_BYTES[formatCode];
    let v: number;
    switch (formatCode) {
      case 1:
        v = ibmToNumber(view.getUint32(o, le));
        break;
      case 2:
        v = view.getInt32(o, le);
        break;
      case 3:
        v = view.getInt16(o, le);
        break;
      case 5:
        v = view.getFloat32(o, le);
        break;
      case 6:
        v = view.getFloat64(o, le);
        break;
      case 7:
      case 15: {
        const b0 = view.getUint8(o),
          b1 = view.getUint8(o + 1),
          b2 = view.getUint8(o + 2);
        const u = le ? b0 | (b1 << 8) | (b2 << 16) : (b0 << 16) | (b1 << 8) | b2;
        v = formatCode === 7 && u & 0x800000 ? u - 0x1000000 : u;
        break;
      }
      case 8:
        v = view.getInt8(o);
        break;
      case 9:
        v = Number(view.getBigInt64(o, le));
        break;
      case 10:
        v = view.getUint32(o, le);
        break;
      case 11:
        v = view.getUint16(o, le);
        break;
      case 12:
        v = Number(view.getBigUint64(o, le));
        break;
      default:
        v = view.getUint8(o);
    }
    out[outOffset + i] = v;
  }
}

/** How a raw sample-interval integer was interpreted. */
export interface SampleIntervalGuess {
  seconds: number;
  unit: 'ps' | 'ns' | 'µs';
  /** Seconds per stored unit (1e-12, 1e-9 or 1e-6), also used for the trace delay field. */
  secondsPerUnit: number;
}

/** A GPR record shorter than this cannot be real, so a picosecond reading giving less is rejected. */
const MIN_PS_WINDOW_S = 3e-9;
/** Longest plausible GPR window (very low-frequency antennas). */
const MAX_WINDOW_S = 20e-6;

/**
 * Interprets a SEG-Y sample-interval integer for GPR data. The standard says µs, but GPR intervals are
 * picoseconds to nanoseconds, so writers improvise (RGPR stores ps). Rule: picoseconds when that gives a
 * window (value × samples) of at least 3 ns; else nanoseconds when the window stays under 20 µs; else the
 * standard's microseconds.
 *
 * @param value - the stored integer (> 0).
 * @param samplesPerTrace - samples per trace.
 * @returns the interval in seconds and the unit assumed.
 * @example
 * ```ts
 * guessSampleInterval(400, 1000); // { seconds: 4e-10, unit: 'ps', … } (RGPR's 0.4 ns)
 * guessSampleInterval(1, 512);    // { seconds: 1e-9, unit: 'ns', … }
 * ```
 */
export function guessSampleInterval(value: number, samplesPerTrace: number): SampleIntervalGuess {
  if (value * 1e-12 * samplesPerTrace >= MIN_PS_WINDOW_S) {
    return { seconds: value * 1e-12, unit: 'ps', secondsPerUnit: 1e-12 };
  }
  if (value * 1e-9 * samplesPerTrace <= MAX_WINDOW_S) {
    return { seconds: value * 1e-9, unit: 'ns', secondsPerUnit: 1e-9 };
  }
  return { seconds: value * 1e-6, unit: 'µs', secondsPerUnit: 1e-6 };
}
