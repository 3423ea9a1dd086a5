import { buildApp } from './app';
import { DEMO_USERS } from './db/seed/demo-users';
import { ConfigError, loadConfig } from './platform/config';

async function main() {
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
  const app = await buildApp({ config });
  const { seedReport } = app;
  await app.server.listen({ port: config.port, host: config.host });
  const where = `http://localhost:${config.port}`;
  const lines = [`Switchboard is running at ${where} (database: ${app.database.kind})`];
  if (seedReport.demo) {
    lines.push(
      `Demo mode. Users (password "${config.demoPassword}"): ${DEMO_USERS.map((u) => u.username).join(', ')}`,
    );
  }
  if (seedReport.generatedAdminPassword) {
    lines.push(
      `First administrator created: admin / ${seedReport.generatedAdminPassword}  (shown once; change it)`,
    );
  }
  console.log(lines.join('\n'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.server.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
