/**
 * The one error type every reader throws for a file it cannot read: damaged, truncated, not the
 * format it claims to be, or using a variant we do not support. Anything else escaping a reader is a bug.
 */
export class GprFormatError extends Error {
  /** Name of the file that could not be read (as given by the caller, or the path inside a zip). */
  readonly fileName: string;
  /** What is wrong, without the file name (the `message` is `"<fileName>: <detail>"`). */
  readonly detail: string;

  /**
   * @param fileName - the file's name, shown first in the message.
   * @param detail - what is wrong, e.g. `truncated: header says 512 samples × 4 bytes per trace but only 1200 bytes of data remain`.
   * @param cause - the underlying error, when wrapping one from a library (zip, HDF5).
   * @example
   * ```ts
   * throw new GprFormatError('File____001.DZT', 'unsupported sample size: 12 bits (expected 8, 16 or 32)');
   * ```
   */
  constructor(fileName: string, detail: string, cause?: unknown) {
    super(`${fileName}: ${detail}`, cause === undefined ? undefined : { cause });
    this.name = 'GprFormatError';
    this.fileName = fileName;
    this.detail = detail;
  }
}

/**
 * Largest samples-per-trace any reader accepts. GPR traces hold a few hundred to a few thousand samples;
 * anything above this comes from a corrupt header.
 */
export const MAX_SAMPLES_PER_TRACE = 262_144;
/**
 * Largest number of samples (traces × samples per trace) in one scan: 64 Mi (256 MiB of float32). Real scanners
 * write far less: a line of a few thousand to some tens of thousands of traces of 256–4,096 samples (a 100 m
 * line at 1 cm trace spacing with 1,024 samples is 10 Mi); a larger header is corrupt or hostile, and its
 * signal would not fit a browser either.
 */
export const MAX_TOTAL_SAMPLES = 64 * 1024 * 1024;

/**
 * Checks a trace count and a samples-per-trace value read from a file before anything is allocated.
 *
 * @param fileName - file name for the error message.
 * @param traces - number of traces.
 * @param samplesPerTrace - samples per trace.
 * @returns nothing; throws {@link GprFormatError} when either value is not a positive integer or the product is too large.
 * @example
 * ```ts
 * checkGridSize('line.sgy', 223, 1000); // fine
 * checkGridSize('line.sgy', 0, 1000);   // throws "line.sgy: no traces …"
 * ```
 */
export function checkGridSize(fileName: string, traces: number, samplesPerTrace: number): void {
  if (!Number.isInteger(samplesPerTrace) || samplesPerTrace < 1) {
    throw new GprFormatError(fileName, `invalid samples per trace: ${samplesPerTrace}`);
  }
  if (samplesPerTrace > MAX_SAMPLES_PER_TRACE) {
    throw new GprFormatError(
      fileName,
      `implausible samples per trace: ${samplesPerTrace} (limit ${MAX_SAMPLES_PER_TRACE})`,
    );
  }
  if (!Number.isInteger(traces) || traces < 1) {
    throw new GprFormatError(fileName, `no traces: the file holds ${traces} complete traces`);
  }
  if (traces * samplesPerTrace > MAX_TOTAL_SAMPLES) {
    throw new GprFormatError(
      fileName,
      `too large: ${traces} traces × ${samplesPerTrace} samples exceeds the limit of ${MAX_TOTAL_SAMPLES} samples per scan (real scanners write at most some tens of thousands of traces of 256–4,096 samples; split longer lines)`,
    );
  }
}

/**
 * Runs `fn` and turns anything it throws that is not a {@link GprFormatError} into one. Used only around
 * third-party decoders (zip inflate, HDF5) whose own errors are opaque; our own parsing code never relies on it.
 *
 * @param fileName - file name for the error message.
 * @param what - what was being done, e.g. `"inflating the zip entry"`.
 * @param fn - the call to guard.
 * @returns whatever `fn` returns.
 * @example
 * ```ts
 * const files = wrapLibraryErrors('scan.zip', 'reading the zip directory', () => unzipSync(bytes));
 * ```
 */
export function wrapLibraryErrors<T>(fileName: string, what: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof GprFormatError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new GprFormatError(fileName, `${what} failed: ${reason}`, error);
  }
}
