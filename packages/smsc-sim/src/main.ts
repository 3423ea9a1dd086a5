// The command line: `tsx packages/smsc-sim/src/main.ts --help` (or `npx smsc-sim --help`).
import { runCli } from './cli';

await runCli(process.argv.slice(2));
