// Entry point of the gprhub command line (started by bin/gprhub.mjs): runs it and sets the exit code.
import { runCli } from './run-cli';

process.exitCode = await runCli(process.argv.slice(2));
