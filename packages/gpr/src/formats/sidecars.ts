import type { GprFileInput } from './types';

/**
 * Base name without folders and without the last extension, lower case.
 *
 * @param path - a file name or zip path.
 * @returns the base name.
 * @example
 * ```ts
 * baseNameOf('a/XLINE00.DT1'); // "xline00"
 * ```
 */
export function baseNameOf(path: string): string {
  const file = path.split(/[\\/]/).pop() ?? path;
  const dot = file.lastIndexOf('.');
  return (dot > 0 ? file.slice(0, dot) : file).toLowerCase();
}

/**
 * File name without folders and without the last extension, case kept (for display names).
 *
 * @param path - a file name or zip path.
 * @returns the name as written.
 * @example
 * ```ts
 * stemOf('Slab A/Slab A.csv'); // "Slab A"
 * ```
 */
export function stemOf(path: string): string {
  const file = fileNameOf(path);
  const dot = file.lastIndexOf('.');
  return dot > 0 ? file.slice(0, dot) : file;
}

/**
 * Lower-case extension without the dot ("" when none).
 *
 * @param path - a file name or zip path.
 * @returns the extension.
 * @example
 * ```ts
 * extensionOf('XLINE00.DT1'); // "dt1"
 * ```
 */
export function extensionOf(path: string): string {
  const file = path.split(/[\\/]/).pop() ?? path;
  const dot = file.lastIndexOf('.');
  return dot > 0 ? file.slice(dot + 1).toLowerCase() : '';
}

/**
 * File name without folders (used to name files in messages).
 *
 * @param path - a file name or zip path (either slash).
 * @returns the last path segment.
 * @example
 * ```ts
 * fileNameOf('scans/L001.sgy'); // "L001.sgy"
 * ```
 */
export function fileNameOf(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/**
 * Finds the companion file of `input` with one of the given extensions: same base name (any case) first;
 * failing that, the only sidecar with that extension, with a warning that the names differ.
 *
 * @param input - the main file and its sidecars.
 * @param extensions - wanted extensions, lower case without dot, e.g. `['hd']`.
 * @param warnings - receives a note when a differently named sidecar is used.
 * @returns the sidecar's name and bytes, or `undefined`.
 * @example
 * ```ts
 * const hd = findSidecar({ name: 'XLINE00.DT1', bytes, sidecars: { 'xline00.hd': hdBytes } }, ['hd'], warnings);
 * ```
 */
export function findSidecar(
  input: GprFileInput,
  extensions: string[],
  warnings: string[],
): { name: string; bytes: Uint8Array } | undefined {
  const entries = Object.entries(input.sidecars ?? {}).filter(([name]) =>
    extensions.includes(extensionOf(name)),
  );
  const base = baseNameOf(input.name);
  const exact = entries.find(([name]) => baseNameOf(name) === base);
  if (exact) return { name: exact[0], bytes: exact[1] };
  if (entries.length === 1) {
    warnings.push(`${fileNameOf(input.name)}: using sidecar ${entries[0][0]} although its name differs`);
    return { name: entries[0][0], bytes: entries[0][1] };
  }
  return undefined;
}
