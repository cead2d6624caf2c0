/** A command line split into its command, positional arguments and `--name value` / `--flag` options. */
export interface ParsedArgs {
  command: string | undefined;
  positional: string[];
  /** Options by name without dashes; flags are `true`, `--no-x` is `x: false`. */
  options: Map<string, string | boolean>;
}

/** A mistake in the command line (exit code 2). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * Splits argv (without `node` and the script) into command, positional arguments and options. Options take a
 * value unless they are listed in `flags`; `--name=value` also works; `--` ends options.
 *
 * @param argv - the arguments.
 * @param flags - option names that take no value.
 * @returns the parsed command line.
 * @example
 * ```ts
 * parseArgs(['render', 'a.DZT', '--out', 'a.png', '--migrate'], new Set(['migrate']));
 * // { command: 'render', positional: ['a.DZT'], options: Map { out → 'a.png', migrate → true } }
 * ```
 */
export function parseArgs(argv: string[], flags: ReadonlySet<string>): ParsedArgs {
  const positional: string[] = [];
  const options = new Map<string, string | boolean>();
  let onlyPositional = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (onlyPositional || !arg.startsWith('--') || arg === '-') {
      positional.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyPositional = true;
      continue;
    }
    const [rawName, inlineValue] = splitOnce(arg.slice(2), '=');
    if (rawName.startsWith('no-') && flags.has(rawName.slice(3))) {
      options.set(rawName.slice(3), false);
    } else if (flags.has(rawName)) {
      options.set(rawName, inlineValue === undefined ? true : inlineValue !== 'false');
    } else if (inlineValue !== undefined) {
      options.set(rawName, inlineValue);
    } else {
      const value = argv[i + 1];
      if (value === undefined || (value.startsWith('--') && value.length > 2)) {
        throw new UsageError(`option --${rawName} needs a value`);
      }
      options.set(rawName, value);
      i++;
    }
  }
  return { command: positional.shift(), positional, options };
}

/**
 * Reads a numeric option (a comma is accepted as the decimal separator, as the viewer's fields do).
 *
 * @param options - parsed options.
 * @param name - option name.
 * @returns the number, or undefined when the option is absent.
 * @throws UsageError when the value is not a number.
 * @example
 * ```ts
 * numberOption(new Map([['permittivity', '6,5']]), 'permittivity'); // 6.5
 * ```
 */
export function numberOption(options: Map<string, string | boolean>, name: string): number | undefined {
  const value = options.get(name);
  if (value === undefined) return undefined;
  const parsed = typeof value === 'string' ? Number(value.trim().replace(',', '.')) : Number.NaN;
  if (typeof value !== 'string' || value.trim() === '' || !Number.isFinite(parsed)) {
    throw new UsageError(`--${name} expects a number, got "${String(value)}"`);
  }
  return parsed;
}

/**
 * Reads a string option.
 *
 * @param options - parsed options.
 * @param name - option name.
 * @returns the value, or undefined when absent.
 * @example
 * ```ts
 * stringOption(new Map([['out', 'a.png']]), 'out'); // 'a.png'
 * ```
 */
export function stringOption(options: Map<string, string | boolean>, name: string): string | undefined {
  const value = options.get(name);
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new UsageError(`--${name} needs a value`);
  return value;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}
