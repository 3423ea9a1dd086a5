// The simulator for bench/smsc.ts in a process of its own: prints its port, runs until killed.
import { startSmsc } from '../src';

const smsc = await startSmsc({
  accounts: [{ systemId: 'bench', password: 'bench' }],
  noDelay: process.env.BENCH_NODELAY !== '0',
  maxRecords: 10_000,
});
console.log(`port ${smsc.port}`);
process.on('SIGTERM', () => smsc.stop().then(() => process.exit(0)));
