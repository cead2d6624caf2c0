import { GprFormatError, listColormaps } from '../index';
import { createNodeAnalyzeIo, runAnalyzeCommand } from './analyze-command';
import { parseArgs, UsageError } from './args';
import { describeFile } from './info';
import { InputError, loadGprFile } from './read-input';
import { RENDER_FLAGS, renderCommand } from './render-command';
import { runTrackerSim, TRACKER_SIM_USAGE } from './tracker-sim';

const USAGE = `Usage: gprhub <command> [options]

Commands:
  info FILE [--header]          format, traces, samples, time window, spacing and antenna of every line
  render FILE [--out OUT.png]   process and render every line to PNG (OUT-L001.png … for several lines)
  colormaps                     list the colour maps
  tracker-sim --pair URL        a simulated 3D tracker: pairs, streams a room live, uploads a recording (tracker-sim --help)
  help                          this text

Render options:
  --line N                      only line N (1-based)
  --colormap NAME               colour map (default viridis; greys for --preset preview)
  --preset viewer|preview       signal viewer defaults, or the scan preview's (greys, ±0.01, 100 shades)
  --time-zero direct-wave|start-offset   default direct-wave (first break of the direct wave)
  --start-offset N              drop N samples (implies --time-zero start-offset)
  --signal-length N|all         samples kept after time zero (default 550, at most 655)
  --linear-gain DB              −20…80 (default 12)
  --time-gain DB_PER_NS         0…10 (default 5)
  --constant-gain X             default 1
  --permittivity E              ≥ 1 (default 7), for --migrate
  --[no-]mean-removal           subtract the mean trace (default on)
  --mean-removal-window N       moving mean over N traces instead of the full width
  --smoothing N                 N × N boxcar (samples × traces)
  --[no-]time-scaling           apply the time gain (default on)
  --[no-]dewow, --dewow-window N   dewow (default on, two periods of the centre frequency)
  --bandpass-mhz LOW,HIGH       zero-phase Butterworth band-pass
  --migrate                     Stolt f-k migration at --permittivity
  --envelope                    trace envelope
  --scale-min A --scale-max B --shades S   colour scale (default −20, 20, 255)
  --level 0-9                   PNG compression level (default 6)

Sidecars next to FILE (.HD, .rad, .DZX, .DZG, .cor with the same name) are read automatically.
Exit codes: 0 done, 1 the file could not be read, 2 bad command line.
`;

const FLAGS = new Set<string>(['header', 'help', ...RENDER_FLAGS]);

/**
 * Runs the command line and returns the exit code (it never calls `process.exit` itself).
 *
 * @param argv - arguments after the script name.
 * @returns 0 on success, 1 when the file cannot be read, 2 for a bad command line.
 * @example
 * ```ts
 * process.exitCode = await runCli(['info', 'scan.DZT']);
 * ```
 */
export async function runCli(argv: string[]): Promise<number> {
  const log = (message: string): void => void process.stderr.write(`${message}\n`);
  try {
    if (argv[0] === 'analyze') return await runAnalyzeCommand(argv.slice(1), createNodeAnalyzeIo());
    if (argv[0] === 'tracker-sim') {
      if (argv.includes('--help')) {
        process.stdout.write(TRACKER_SIM_USAGE);
        return 0;
      }
      return await runTrackerSim(argv.slice(1));
    }
    const args = parseArgs(argv, FLAGS);
    const command = args.command;
    if (command === undefined || command === 'help' || args.options.get('help') === true) {
      process.stdout.write(USAGE);
      return command === undefined ? 2 : 0;
    }
    if (command === 'colormaps') {
      process.stdout.write(`${listColormaps().join('\n')}\n`);
      return 0;
    }
    if (command !== 'info' && command !== 'render') throw new UsageError(`unknown command "${command}"`);
    const [filePath, ...extra] = args.positional;
    if (filePath === undefined) throw new UsageError(`${command} needs a FILE`);
    if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);
    const file = await loadGprFile(filePath, log);
    if (command === 'info') {
      process.stdout.write(describeFile(file, args.options.get('header') === true));
    } else {
      for (const written of renderCommand(file, args, log)) process.stdout.write(`${written}\n`);
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof RangeError) {
      log(`gprhub: ${error.message}\nRun "gprhub help" for the options.`);
      return 2;
    }
    if (error instanceof GprFormatError || error instanceof InputError) {
      log(`gprhub: ${error.message}`);
      return 1;
    }
    const reason = error instanceof Error ? (error.stack ?? error.message) : String(error);
    log(`gprhub: unexpected error: ${reason}`);
    return 1;
  }
}
