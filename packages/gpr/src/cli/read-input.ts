import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { readGprFileAsync, type GprReadResult } from '../index';

/** Companion files that readers take from next to the main file (same base name). */
const SIDECAR_EXTENSIONS = new Set(['.hd', '.rad', '.dzx', '.dzg', '.cor']);

/** A file read from disk with its sidecars. */
export interface LoadedFile {
  /** Path as given. */
  filePath: string;
  /** Size in bytes. */
  sizeBytes: number;
  /** Names of the sidecar files passed along. */
  sidecarNames: string[];
  result: GprReadResult;
}

/** A file that cannot be opened (exit code 1, message without stack). */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

/**
 * Reads a GPR file and the sidecars beside it (`.HD`, `.rad`, `.DZX`, `.DZG`, `.cor` with the same base
 * name, matched case-insensitively) and hands them to `readGprFileAsync`.
 *
 * @param filePath - the file.
 * @param log - progress messages (to stderr).
 * @returns the bytes' size, the sidecars used and what the reader returned.
 * @throws InputError when the file is missing or is a directory; GprFormatError from the reader.
 * @example
 * ```ts
 * const { result } = await loadGprFile('XLINE00.DT1', console.error); // XLINE00.HD is picked up
 * ```
 */
export async function loadGprFile(filePath: string, log: (message: string) => void): Promise<LoadedFile> {
  if (!existsSync(filePath)) throw new InputError(`${filePath}: no such file`);
  const stats = statSync(filePath);
  if (!stats.isFile()) throw new InputError(`${filePath}: not a file`);
  const directory = path.dirname(filePath);
  const base = path.basename(filePath);
  const stem = stemOf(base).toLowerCase();
  const sidecars: Record<string, Uint8Array> = {};
  for (const entry of readdirSync(directory)) {
    const extension = path.extname(entry).toLowerCase();
    if (entry === base || stemOf(entry).toLowerCase() !== stem || !SIDECAR_EXTENSIONS.has(extension))
      continue;
    const sidecarPath = path.join(directory, entry);
    if (statSync(sidecarPath).isFile()) sidecars[entry] = new Uint8Array(readFileSync(sidecarPath));
  }
  if (stats.size > 16 * 1024 * 1024) log(`Reading ${base} (${(stats.size / 1048576).toFixed(1)} MB)…`);
  const bytes = new Uint8Array(readFileSync(filePath));
  const result = await readGprFileAsync({ name: base, bytes, sidecars });
  return { filePath, sizeBytes: stats.size, sidecarNames: Object.keys(sidecars).sort(), result };
}

function stemOf(name: string): string {
  const extension = path.extname(name);
  return extension ? name.slice(0, -extension.length) : name;
}
