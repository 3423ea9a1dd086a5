import { buildApp, buildCore, type Core } from './app';
import { DEMO_USERS } from './db/seed/demo-users';
import { usersWithPassword } from './db/seed/index';
import { type SimulatedCarrier, startSimulatedCarrier } from './demo/simulated-carrier';
import { type SimulatedGateways, startSimulatedGateways } from './demo/simulated-gateways';
import { ConfigError, DEFAULT_DEMO_PASSWORD, loadConfig } from './platform/config';
import { type Role, roleOf } from './process-role';

/**
 * `node … src/main.ts [--role api|worker|all]`. `api` answers HTTP (console and API); `worker`
 * runs the scheduled jobs (and, later, the dispatchers); `all` (the default) does both in one
 * process. Several processes of any roles can share one PostgreSQL database.
 */
function roleFromArgs(): Role {
  const parsed = roleOf(process.argv.slice(2));
  if ('error' in parsed) {
    console.error(parsed.error);
    process.exit(2);
  }
  return parsed.role;
}

async function main() {
  const role = roleFromArgs();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const lines: string[] = [];
  let core: Core;
  if (role === 'worker') {
    core = await buildCore({ config });
    lines.push(`Switchboard worker running (database: ${core.database.kind}); no HTTP in this role`);
  } else {
    const app = await buildApp({ config });
    core = app;
    // The demo's well-known password must not be reachable from the network unless asked for:
    // asked of the users' password hashes at every start, not of whether this start seeded them
    // (a restarted demo listened everywhere: issue 21).
    const openWithDefault = config.host ? [] : await usersWithPassword(app.services, DEFAULT_DEMO_PASSWORD);
    const host = config.host ?? (openWithDefault.length > 0 ? '127.0.0.1' : '0.0.0.0');
    await app.server.listen({ port: config.port, host });
    const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
    lines.push(
      `Switchboard is running at http://${shown}:${config.port} (role: ${role}, database: ${app.database.kind})`,
    );
    if (openWithDefault.length > 0) {
      lines.push(
        `Listening on 127.0.0.1 only: these users still have the demo's default password: ${openWithDefault.join(', ')}. Change their passwords (or set HOST=0.0.0.0) to open it to the network.`,
      );
    }
  }
  let simulators: SimulatedGateways | undefined;
  let carrier: SimulatedCarrier | undefined;
  if (role !== 'api') {
    // The demo's upstream SMSCs and voice carrier, when it wants them: before the binds and trunk checks that reach them.
    simulators = await startSimulatedGateways(core);
    carrier = await startSimulatedCarrier(core);
    await core.startWorkers();
  }
  if (core.seedReport.demo) {
    lines.push(
      `Demo mode. Users (password "${config.demoPassword}"): ${DEMO_USERS.map((u) => u.username).join(', ')}`,
    );
  }
  if (core.seedReport.generatedAdminPassword) {
    lines.push(
      `First administrator created: admin / ${core.seedReport.generatedAdminPassword}  (shown once; change it)`,
    );
  }
  if (!config.secretsKey) {
    lines.push(
      'API secrets are sealed with a key kept in the database (SECRETS_KEY is not set): fine for the demo; in production set SECRETS_KEY (openssl rand -base64 32).',
    );
  }
  if (config.callbackAllowPrivate) {
    lines.push(
      'Callbacks may go to loopback and private addresses (demo mode or CALLBACK_ALLOW_PRIVATE=1; set CALLBACK_ALLOW_PRIVATE=0 to refuse them).',
    );
  }
  if (config.captchaDifficulty < 12) {
    lines.push(
      `WARNING: CAPTCHA_DIFFICULTY=${config.captchaDifficulty} makes the captcha's proof of work next to free (tests only).`,
    );
  }
  if (config.passwordHashCost < 14) {
    lines.push(
      `WARNING: PASSWORD_HASH_COST=${config.passwordHashCost} makes new password hashes cheap to guess (tests only).`,
    );
  }
  if (config.fixedOtp) {
    lines.push(
      'WARNING: INSECURE_FIXED_OTP is set: every code sent by SMS is the same (browser tests only).',
    );
  }
  console.log(lines.join('\n'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    core.platform.log.info({ signal }, 'shutting down');
    await core.close();
    await simulators?.stop();
    await carrier?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
