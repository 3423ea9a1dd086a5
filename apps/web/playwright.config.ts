import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.E2E_PORT ?? 8181);
// E2E_BASE_URL points the suite at a console that is already running (no server is started).
const externalBaseURL = process.env.E2E_BASE_URL;
const baseURL = externalBaseURL ?? `http://127.0.0.1:${PORT}`;

// One fresh database per run. Workers load this file again; they inherit the variable.
process.env.SWITCHBOARD_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-e2e-'));
// The e2e server's captchas are real pictures; with this test-only variable set, the text each one
// shows is this answer (e2e/support.ts), so that sign-up can be answered. Off unless set.
process.env.CAPTCHA_TEST_ANSWER ??= 'e2e7';

export default defineConfig({
  testDir: 'e2e',
  // Spec files run in name order on one worker: the login guard counts failures per address,
  // so the specs that fail logins on purpose come last (see e2e/support.ts).
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Generous: on a busy shared machine one sign-in took 10–20 s. Only a hung test reaches it.
  timeout: 120_000,
  // A full page load (goto) on a loaded 2-core machine took over 10 s once the browser was
  // starved (measured: 2.3 s alone, about 10 s beside three other browsers); an assertion only
  // waits this long when it is about to fail.
  expect: { timeout: 20_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL,
    locale: 'en-US',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: externalBaseURL
    ? undefined
    : {
        command: 'node scripts/start.mjs',
        cwd: repoRoot,
        url: `${baseURL}/api/health`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(PORT),
          DATA_DIR: process.env.SWITCHBOARD_E2E_DATA_DIR,
          SEED_DEMO: '1',
          LOGIN_CAPTCHA: 'after-failures',
          CAPTCHA_TEST_ANSWER: process.env.CAPTCHA_TEST_ANSWER,
        },
      },
});
