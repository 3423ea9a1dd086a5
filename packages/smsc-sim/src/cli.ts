import { parseArgs } from 'node:util';
import type { IdFormat } from '@switchboard/smpp';
import { type OutcomeMix, type OutcomeRule, parseOutcomeMix, parseRule } from './outcomes';
import { type Smsc, startSmsc } from './smsc';
import type { AccountConfig, SmscOptions } from './types';

export const USAGE = `smsc-sim: an SMPP 3.4 SMSC simulator

  smsc-sim [--port 2775] [--host 127.0.0.1] [--account test:secret[:tps]]... [--tps 100]
           [--receipt-delay 500] [--receipt-retry 1000] [--outcomes delivered=90,undeliverable=5,expired=3,rejected=1,none=1]
           [--rule '*0000=undeliverable']... [--seed 42] [--id-format hex|decimal]
           [--receipt-id-format hex|decimal] [--id-start N] [--quiet]

  --account          system_id:password, optionally :tps for that account (repeatable; default test:secret)
  --tps              submits per second per bind for accounts without their own (default: no limit)
  --receipt-delay    milliseconds from submit to delivery receipt (default 500)
  --receipt-retry    milliseconds before a receipt answered with an error is sent again (default 1000)
  --outcomes         weights of delivered, undeliverable, expired, rejected, none (no receipt)
  --rule             destination pattern (8613* starts with, *0000 ends with, exact) = outcome; first match wins
  --seed             repeatable outcome draws
  --id-format        ids in submit_sm_resp and receipted_message_id (default hex)
  --receipt-id-format the id in the receipt text (default: as --id-format)
  --quiet            print binds and closes only, not every submit and receipt`;

function parseIdFormat(value: string | undefined, name: string): IdFormat | undefined {
  if (value === undefined) return undefined;
  if (value !== 'hex' && value !== 'decimal')
    throw new Error(`--${name} must be hex or decimal, got "${value}"`);
  return value;
}

function parseNumber(value: string | undefined, name: string, min = 0): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < min) {
    throw new Error(`--${name} must be a whole number >= ${min}, got "${value}"`);
  }
  return n;
}

export interface CliConfig {
  options: SmscOptions;
  quiet: boolean;
  help: boolean;
}

/** Reads the command line into simulator options; throws an Error with a readable message. */
export function parseCliArgs(argv: string[]): CliConfig {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string', default: '2775' },
      host: { type: 'string', default: '127.0.0.1' },
      account: { type: 'string', multiple: true },
      tps: { type: 'string' },
      'receipt-delay': { type: 'string', default: '500' },
      'receipt-retry': { type: 'string', default: '1000' },
      outcomes: { type: 'string' },
      rule: { type: 'string', multiple: true },
      seed: { type: 'string' },
      'id-format': { type: 'string' },
      'receipt-id-format': { type: 'string' },
      'id-start': { type: 'string' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const tps = parseNumber(values.tps, 'tps');
  const accounts: AccountConfig[] = (values.account ?? ['test:secret']).map((text) => {
    const [systemId, password, own, ...rest] = text.split(':');
    if (!systemId || password === undefined || rest.length > 0) {
      throw new Error(`--account must be system_id:password[:tps], got "${text}"`);
    }
    const accountTps = own === undefined ? tps : parseNumber(own, 'account tps');
    return accountTps === undefined ? { systemId, password } : { systemId, password, tps: accountTps };
  });
  const outcomes: OutcomeMix | undefined = values.outcomes ? parseOutcomeMix(values.outcomes) : undefined;
  const rules: OutcomeRule[] = (values.rule ?? []).map(parseRule);
  const options: SmscOptions = {
    port: parseNumber(values.port, 'port') ?? 2775,
    host: values.host,
    accounts,
    receiptDelayMs: parseNumber(values['receipt-delay'], 'receipt-delay') ?? 500,
    receiptRetryMs: parseNumber(values['receipt-retry'], 'receipt-retry') ?? 1_000,
    rules,
  };
  if (outcomes) options.outcomes = outcomes;
  const seed = parseNumber(values.seed, 'seed');
  if (seed !== undefined) options.seed = seed;
  const idFormat = parseIdFormat(values['id-format'], 'id-format');
  if (idFormat) options.idFormat = idFormat;
  const receiptIdFormat = parseIdFormat(values['receipt-id-format'], 'receipt-id-format');
  if (receiptIdFormat) options.receiptIdFormat = receiptIdFormat;
  const idStart = parseNumber(values['id-start'], 'id-start');
  if (idStart !== undefined) options.idStart = idStart;
  return { options, quiet: values.quiet, help: values.help };
}

function short(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

const STATUS_NAMES: Record<number, string> = {
  0: 'ok',
  4: 'ESME_RINVBNDSTS',
  5: 'ESME_RALYBND',
  14: 'ESME_RINVPASWD',
  15: 'ESME_RINVSYSID',
};

/** Prints what the simulator does, one line per event. */
export function logEvents(smsc: Smsc, print: (line: string) => void, quiet: boolean): void {
  const stamp = () => new Date().toISOString().slice(11, 23);
  const out = (line: string) => print(`${stamp()} ${line}`);
  smsc.on('connect', (e) => out(`connect   #${e.bindId} from ${e.remote}`));
  smsc.on('bind', (e) =>
    out(`bind      #${e.bindId} ${e.systemId} ${e.mode}: ${STATUS_NAMES[e.status] ?? `status ${e.status}`}`),
  );
  smsc.on('unbind', (e) => out(`unbind    #${e.bindId} ${e.systemId ?? ''}`));
  smsc.on('close', (e) => out(`close     #${e.bindId} ${e.systemId ?? '(not bound)'}`));
  smsc.on('sessionError', (e) => out(`error     #${e.bindId} ${e.error.message}`));
  if (quiet) return;
  smsc.on('submit', (p) => {
    const part = p.concat ? ` part ${p.concat.seq}/${p.concat.total} ref ${p.concat.ref}` : '';
    out(
      `submit    #${p.bindId} ${p.systemId} ${p.source} -> ${p.destination} dcs ${p.dataCoding}${part} ` +
        `id ${p.messageId} -> ${p.receiptExpected ? p.outcome : `${p.outcome} (no receipt)`} ${short(p.text)}`,
    );
  });
  smsc.on('throttled', (e) => out(`throttled #${e.bindId} ${e.systemId ?? ''} -> ${e.destination}`));
  smsc.on('receipt', (r) =>
    out(
      `receipt   #${r.bindId} ${r.systemId} id ${r.messageId} ${r.outcome}${r.attempts > 1 ? ' (resent)' : ''}`,
    ),
  );
  smsc.on('enquireLink', (e) => out(`enquire   #${e.bindId} ${e.systemId ?? ''}`));
  smsc.on('ignored', (e) => out(`ignored   #${e.bindId} ${e.command} (hung)`));
}

/** Runs the simulator from the command line until SIGINT / SIGTERM. */
export async function runCli(argv: string[]): Promise<void> {
  let config: CliConfig;
  try {
    config = parseCliArgs(argv);
  } catch (error) {
    console.error(`smsc-sim: ${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (config.help) {
    console.log(USAGE);
    return;
  }
  const { options } = config;
  const smsc = await startSmsc(options);
  logEvents(smsc, (line) => console.log(line), config.quiet);
  console.log(`smsc-sim listening on ${smsc.host}:${smsc.port}`);
  for (const a of options.accounts) {
    console.log(`  account ${a.systemId} / ${a.password}${a.tps ? `, ${a.tps} submits/s per bind` : ''}`);
  }
  const mix = Object.entries(options.outcomes ?? { delivered: 1 })
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
  console.log(
    `  receipts after ${options.receiptDelayMs} ms; outcomes ${mix}${options.seed === undefined ? '' : ` (seed ${options.seed})`}`,
  );
  for (const r of options.rules ?? []) console.log(`  rule ${r.match} -> ${r.outcome}`);
  console.log(
    `  ids ${options.idFormat ?? 'hex'}, receipt text ids ${options.receiptIdFormat ?? options.idFormat ?? 'hex'}`,
  );
  const shutdown = async () => {
    await smsc.stop();
    const s = smsc.stats;
    console.log(
      `stopped: ${s.binds} binds, ${s.submits} submits, ${s.throttled} throttled, ${s.receiptsSent} receipts`,
    );
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
