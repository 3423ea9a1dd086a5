import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CONFIGURATION_PAGE,
  settings,
  undescribedSettings,
  withConfigTable,
} from '../src/platform/config-docs';

describe('the configuration table in docs/operating/configuration.md', () => {
  it('every setting of the schema has a description', () => {
    expect(settings().length).toBeGreaterThan(0);
    expect(undescribedSettings()).toEqual([]);
  });

  it('the committed table is the one the schema generates (npm run docs:config)', () => {
    const committed = fs.readFileSync(CONFIGURATION_PAGE, 'utf8');
    expect(committed, 'the table is stale: run `npm run docs:config`').toBe(withConfigTable(committed));
  });

  it('lists every setting once, with its default', () => {
    const committed = fs.readFileSync(CONFIGURATION_PAGE, 'utf8');
    for (const [name] of settings()) {
      expect(committed.split(`| \`${name}\` |`).length - 1, name).toBe(1);
    }
    expect(committed).toContain('| `PORT` | `8080` |');
  });
});
