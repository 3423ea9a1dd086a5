// The command line: `tsx packages/voice-sim/src/main.ts --help` (or `npx voice-sim --help`).
import { runCli } from './cli';

await runCli(process.argv.slice(2));
