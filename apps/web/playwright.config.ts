import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { SPEC_USERS } from './e2e/users';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.E2E_PORT ?? 8181);
// E2E_BASE_URL points the suite at a console that is already running (no server is started); that
// server needs TRUST_PROXY=1 and the specs' users (e2e/seed-users.ts run on its database).
const externalBaseURL = process.env.E2E_BASE_URL;
const baseURL = externalBaseURL ?? `http://127.0.0.1:${PORT}`;

// One fresh database per run. Workers load this file again; they inherit the variable.
process.env.SWITCHBOARD_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-e2e-'));
// Likewise every code sent by SMS (sign-in, password reset) is this one (the browser cannot read
// the simulator's inbox); the code still travels through the platform's OTP path and the demo
// SMSC simulators. Off unless set; refused by the server without SEED_DEMO.
process.env.INSECURE_FIXED_OTP ??= '246810';

export default defineConfig({
  testDir: 'e2e',
  // One worker: the specs share one server and database, though none relies on another having
  // run (each uses its own users where it changes them and its own client address, see
  // e2e/support.ts): any spec passes alone and in any order.
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Generous: on a busy shared machine one sign-in took 10–20 s, and beside other engineers'
  // suites (load 15 on 2 cores) a spec of several sign-ins took minutes. Only a hung test reaches
  // it; the long journeys are marked test.slow() (three times this).
  timeout: 300_000,
  // A full page load (goto) on a loaded 2-core machine took over 10 s once the browser was
  // starved (measured: 2.3 s alone, about 10 s beside three other browsers); an assertion only
  // waits this long when it is about to fail.
  expect: { timeout: 30_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL,
    locale: 'en-US',
    // An action or a page load that cannot happen fails with what it waited for, instead of
    // hanging until the test's own time-out (a covered button is retried without end otherwise).
    actionTimeout: 60_000,
    navigationTimeout: 120_000,
    // The console honours reduced motion (no antd animations). Under animation a popup's item is
    // "not stable", and Playwright's retries scroll the page to reach it: with the header fixed,
    // the popup was put back under its trigger and the click landed where it had been (measured:
    // 1 in 15 user-menu clicks lost). Animations are looks; what they reveal is tested.
    contextOptions: { reducedMotion: 'reduce' },
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
        // The specs' own users (e2e/users.ts) join the demo data before the server starts.
        command: 'node_modules/.bin/tsx apps/server/test/e2e-seed.ts && node scripts/start.mjs',
        cwd: repoRoot,
        url: `${baseURL}/api/health`,
        reuseExistingServer: false,
        // A fresh database (initdb) and the specs' users come first.
        timeout: 300_000,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(PORT),
          DATA_DIR: process.env.SWITCHBOARD_E2E_DATA_DIR,
          SEED_DEMO: '1',
          LOGIN_CAPTCHA: 'after-failures',
          // Each test is its own client (X-Forwarded-For, see e2e/support.ts): failed logins
          // counted per address never reach another test.
          TRUST_PROXY: '1',
          E2E_USERS: JSON.stringify(Object.values(SPEC_USERS)),
          // The captcha is a proof of work the browser (and e2e/support.ts) solves for real; a light
          // one keeps the suite quick on a shared machine (the server warns at start).
          CAPTCHA_DIFFICULTY: '8',
          // Every code sent by SMS of this server is this one: e2e/12-sms-tools.spec.ts.
          INSECURE_FIXED_OTP: process.env.INSECURE_FIXED_OTP,
          // The API access spec sends callback tests to a receiver on 127.0.0.1.
          CALLBACK_ALLOW_PRIVATE: '1',
          // The demo's two SMSC simulators, so that messages sent in the specs are delivered, on
          // ports of this run (not the demo's 2776/2777: other suites may run beside this one).
          // The gateway spec starts one of its own on a free port.
          SMSC_SIM: '1',
          // The specs' balances start at zero (they top up what they spend).
          DEMO_BALANCE: '0',
          SMSC_SIM_PORTS: `${PORT + 1000},${PORT + 1001}`,
          // The demo's carrier simulator (the trunk demo-sip), on a port of this run too.
          VOICE_SIM_PORT: String(PORT + 1002),
          // The seats' SIP registrar, on a port of this run (26-seats.spec.ts registers a seat there).
          SEAT_SIP_PORT: String(PORT + 1003),
          // Every message delivered (numbers ending 0000 still undeliverable): the specs expect
          // outcomes, not the demo's random mix.
          SMSC_SIM_OUTCOMES: 'delivered=100',
          // The customer SMPP server on a free port (2775 may be another server's).
          SMPP_PORT: '0',
        },
      },
});
