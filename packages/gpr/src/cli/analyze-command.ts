import type { GprReadResult } from '../formats/types';
import { analyzeLineScan, type LineScanAnalysis } from '../rebar/analyze-line-scan';
import { parseArgs, UsageError } from './args';
import { loadGprFile } from './read-input';

/** What the analyze command needs from the outside world (files and output), so tests can inject it. */
export interface AnalyzeIo {
  /** Reads a GPR file (with its sidecars) and returns what the reader found. */
  load: (filePath: string) => Promise<GprReadResult>;
  /** Writes to standard output. */
  stdout: (text: string) => void;
  /** Writes to standard error. */
  stderr: (text: string) => void;
}

/** One line of the `--json` document (the fixed contract other tools read). */
export interface AnalyzeJsonLine {
  name: string;
  traces: number;
  traceSpacingM: number;
  permittivity: { value: number; sd: number };
  rebars: {
    xM: number;
    coverM: number;
    coverSdM: number;
    radiusM: number;
    usesDefaultRadius: boolean;
    confidence: number;
  }[];
  hyperbolas: { xIdx: number; tIdx: number; confidence: number }[];
}

const USAGE = `Usage: gprhub analyze FILE [--json] [--permittivity E] [--known-cover X_M:COVER_M] [--bar-diameter MM]

Finds the rebars of every line scan in FILE: position along the line (from the first trace), cover (surface to
the top of the bar) with its standard deviation, radius, and the concrete's permittivity.
  --json                        one JSON document on stdout: {"lines":[{name, traces, traceSpacingM,
                                permittivity {value, sd}, rebars [...], hyperbolas [...]}]}
  --permittivity E              use this relative permittivity (≥ 1) instead of estimating it
  --known-cover X_M:COVER_M     a bar near X_M metres along the line has this cover (metres): calibrates the
                                permittivity, which is then used for every line
  --bar-diameter MM             the bars' diameter from the drawings (4–60 mm): every bar is fitted with it
                                instead of averaging over 8–28 mm (thick bars then no longer read εr low)
`;

/**
 * The `analyze` command: reads FILE, analyses every line scan in it (LINE_SCAN_REBAR_2) and prints either the
 * JSON document of the fixed contract or a readable table. With `--known-cover`, the first line that has a bar
 * within 50 mm of X_M calibrates the permittivity and every line is then analysed with it.
 *
 * @param argv - the arguments after `analyze`.
 * @param io - file loading and output.
 * @returns the exit code: 0 done, 1 the file could not be read, 2 bad command line.
 * @example
 * ```ts
 * await runAnalyzeCommand(['scan.DZT', '--json'], io); // prints {"lines":[…]}
 * ```
 */
export async function runAnalyzeCommand(argv: string[], io: AnalyzeIo): Promise<number> {
  let args;
  try {
    args = parseArgs(['analyze', ...argv], new Set(['json', 'help']));
    if (args.options.get('help') === true) {
      io.stdout(USAGE);
      return 0;
    }
    if (args.positional.length !== 1) throw new UsageError('analyze needs exactly one FILE');
  } catch (error) {
    io.stderr(`gprhub: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  let permittivity: number | undefined;
  let knownCover: { xM: number; coverM: number } | undefined;
  let radiusM: number | undefined;
  try {
    permittivity = parsePermittivity(args.options.get('permittivity'));
    knownCover = parseKnownCover(args.options.get('known-cover'));
    radiusM = parseBarRadius(args.options.get('bar-diameter'));
  } catch (error) {
    io.stderr(`gprhub: ${(error as Error).message}\n`);
    return 2;
  }
  let read: GprReadResult;
  try {
    read = await io.load(args.positional[0]);
  } catch (error) {
    io.stderr(`gprhub: ${(error as Error).message}\n`);
    return 1;
  }
  for (const warning of read.warnings) io.stderr(`warning: ${warning}\n`);
  const results = analyzeAll(read, { permittivity, knownCover, radiusM });
  for (const result of results) for (const warning of result.warnings) io.stderr(`warning: ${warning}\n`);
  if (args.options.get('json') === true) io.stdout(`${JSON.stringify({ lines: results.map(toJsonLine) })}\n`);
  else io.stdout(formatTable(results));
  return 0;
}

function analyzeAll(
  read: GprReadResult,
  options: {
    permittivity: number | undefined;
    knownCover: { xM: number; coverM: number } | undefined;
    radiusM: number | undefined;
  },
): LineScanAnalysis[] {
  const { permittivity, knownCover, radiusM } = options;
  if (permittivity !== undefined || knownCover === undefined) {
    return read.radargrams.map((rg) => analyzeLineScan(rg, { permittivity, radiusM }));
  }
  const results: LineScanAnalysis[] = [];
  for (const rg of read.radargrams) {
    const result = analyzeLineScan(rg, { knownCover, radiusM });
    if (result.permittivity.source === 'calibrated') {
      const calibrated = result.permittivity;
      return read.radargrams.map((other) => {
        const analysis =
          other === rg ? result : analyzeLineScan(other, { permittivity: calibrated.value, radiusM });
        return { ...analysis, permittivity: calibrated };
      });
    }
    results.push(result);
  }
  return results;
}

/**
 * The contract's JSON line of an analysis (numbers rounded to 0.1 mm / 0.001).
 *
 * @param result - one line's analysis.
 * @returns the JSON-ready object.
 * @example
 * ```ts
 * JSON.stringify({ lines: results.map(toJsonLine) });
 * ```
 */
export function toJsonLine(result: LineScanAnalysis): AnalyzeJsonLine {
  const round = (value: number, digits: number): number => Number(value.toFixed(digits));
  return {
    name: result.name,
    traces: result.traces,
    traceSpacingM: round(result.traceSpacingM, 7),
    permittivity: { value: round(result.permittivity.value, 3), sd: round(result.permittivity.sd, 3) },
    rebars: result.rebars.map((r) => ({
      xM: round(r.xM, 5),
      coverM: round(r.coverM, 5),
      coverSdM: round(r.coverSdM, 5),
      radiusM: round(r.R, 5),
      usesDefaultRadius: r.usesDefaultRadius,
      confidence: round(r.confidence, 3),
    })),
    hyperbolas: result.hyperbolas.map((h) => ({
      xIdx: h.xIdx,
      tIdx: h.tIdx,
      confidence: round(h.confidence, 3),
    })),
  };
}

function formatTable(results: LineScanAnalysis[]): string {
  const out: string[] = [];
  for (const r of results) {
    const eps = `εr ${r.permittivity.value.toFixed(2)} ± ${r.permittivity.sd.toFixed(2)} (${r.permittivity.source})`;
    out.push(
      `${r.name}: ${r.traces} traces × ${(r.traceSpacingM * 1000).toFixed(2)} mm, ${eps}, ${r.rebars.length} bar(s)`,
    );
    if (r.rebars.length === 0) continue;
    out.push('   #     x (m)   cover (mm)   ± (mm)   Ø (mm)        confidence');
    r.rebars.forEach((b, i) => {
      const diameter = b.usesDefaultRadius
        ? `${(b.R * 2000).toFixed(0)} (default)`
        : `${(b.R * 2000).toFixed(0)}`;
      out.push(
        `${String(i + 1).padStart(4)}  ${b.xM.toFixed(4).padStart(8)}  ${(b.coverM * 1000).toFixed(1).padStart(10)}` +
          `  ${(b.coverSdM * 1000).toFixed(1).padStart(7)}   ${diameter.padEnd(13)}  ${b.confidence.toFixed(2)}`,
      );
    });
  }
  return `${out.join('\n')}\n`;
}

function parsePermittivity(value: string | boolean | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = typeof value === 'string' ? Number(value.replace(',', '.')) : Number.NaN;
  if (!Number.isFinite(parsed) || parsed < 1)
    throw new UsageError(`--permittivity expects a number ≥ 1, got "${String(value)}"`);
  return parsed;
}

function parseKnownCover(value: string | boolean | undefined): { xM: number; coverM: number } | undefined {
  if (value === undefined) return undefined;
  const parts = typeof value === 'string' ? value.split(':').map((p) => Number(p.replace(',', '.'))) : [];
  if (parts.length !== 2 || !parts.every(Number.isFinite) || parts[1] <= 0) {
    throw new UsageError(
      `--known-cover expects X_M:COVER_M in metres, e.g. 0.42:0.035, got "${String(value)}"`,
    );
  }
  return { xM: parts[0], coverM: parts[1] };
}

function parseBarRadius(value: string | boolean | undefined): number | undefined {
  if (value === undefined) return undefined;
  const mm = typeof value === 'string' ? Number(value.replace(',', '.')) : Number.NaN;
  if (!Number.isFinite(mm) || mm < 4 || mm > 60)
    throw new UsageError(`--bar-diameter expects the diameter in mm, 4 to 60, got "${String(value)}"`);
  return mm / 2000;
}

/**
 * The real-world {@link AnalyzeIo}: files (and their sidecars) from disk, output to the process's streams.
 *
 * @returns the io object.
 * @example
 * ```ts
 * process.exitCode = await runAnalyzeCommand(process.argv.slice(3), createNodeAnalyzeIo());
 * ```
 */
export function createNodeAnalyzeIo(): AnalyzeIo {
  const stderr = (text: string): void => void process.stderr.write(text);
  return {
    load: async (filePath) => (await loadGprFile(filePath, (message) => stderr(`${message}\n`))).result,
    stdout: (text) => void process.stdout.write(text),
    stderr,
  };
}
