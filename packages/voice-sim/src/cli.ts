import { parseArgs } from 'node:util';
import type { TransportName } from '@switchboard/voice';
import { startVoiceSim, type VoiceSimOptions } from './sim';

export const USAGE = `voice-sim: a SIP carrier simulator (outcome by the called number's last digit)

  voice-sim [--port 5070] [--host 127.0.0.1] [--transport udp,tcp] [--account user:password]...
            [--realm voice-sim] [--sha256] [--invite-auth] [--hangup-after 3000] [--ring-limit MS] [--quiet]

  last digit: 1 busy (486), 2 rings until cancelled (480 after --ring-limit), 3 rejected (603),
  4 invalid (404), 5 answers and hangs up after --hangup-after ms, 6 answers and presses 1,
  7 answers and presses 2, 0/8/9 answer and echo until the caller hangs up`;

function whole(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number >= 0, got "${value}"`);
  return n;
}

export function parseCliArgs(argv: string[]): { options: VoiceSimOptions; quiet: boolean; help: boolean } {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string', default: '5070' },
      host: { type: 'string', default: '127.0.0.1' },
      transport: { type: 'string', default: 'udp,tcp' },
      account: { type: 'string', multiple: true },
      realm: { type: 'string' },
      sha256: { type: 'boolean', default: false },
      'invite-auth': { type: 'boolean', default: false },
      'hangup-after': { type: 'string' },
      'ring-limit': { type: 'string' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const transports = values.transport.split(',').map((t) => t.trim().toLowerCase());
  for (const t of transports)
    if (t !== 'udp' && t !== 'tcp') throw new Error(`--transport takes udp and/or tcp, got "${t}"`);
  const accounts: Record<string, string> = {};
  for (const a of values.account ?? ['sim:secret']) {
    const i = a.indexOf(':');
    if (i <= 0) throw new Error(`--account must be user:password, got "${a}"`);
    accounts[a.slice(0, i)] = a.slice(i + 1);
  }
  const options: VoiceSimOptions = {
    host: values.host,
    port: whole(values.port, 'port') ?? 5070,
    transports: transports as TransportName[],
    accounts,
    algorithm: values.sha256 ? 'SHA-256' : 'MD5',
    inviteAuth: values['invite-auth'],
  };
  if (values.realm) options.realm = values.realm;
  const hangup = whole(values['hangup-after'], 'hangup-after');
  if (hangup !== undefined) options.hangupAfterMs = hangup;
  const ringLimit = whole(values['ring-limit'], 'ring-limit');
  if (ringLimit !== undefined) options.ringLimitMs = ringLimit;
  return { options, quiet: values.quiet, help: values.help };
}

export async function runCli(argv: string[]): Promise<void> {
  let cfg: ReturnType<typeof parseCliArgs>;
  try {
    cfg = parseCliArgs(argv);
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (cfg.help) {
    console.log(USAGE);
    return;
  }
  const sim = await startVoiceSim({
    ...cfg.options,
    log: cfg.quiet ? () => {} : (line) => console.log(line),
  });
  console.log(
    `voice-sim listening on ${cfg.options.host}:${sim.port} (${(cfg.options.transports ?? []).join(', ')})`,
  );
  const stop = () => {
    void sim.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
