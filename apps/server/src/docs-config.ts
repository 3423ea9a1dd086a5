import fs from 'node:fs';
import path from 'node:path';
import { CONFIGURATION_PAGE, withConfigTable } from './platform/config-docs';
import { REPO_ROOT } from './platform/paths';

/**
 * `npm run docs:config`: writes the configuration table generated from the settings schema into
 * docs/operating/configuration.md (between its markers) and says whether anything changed.
 */
const before = fs.readFileSync(CONFIGURATION_PAGE, 'utf8');
const after = withConfigTable(before);
if (after === before) {
  console.log(`${path.relative(REPO_ROOT, CONFIGURATION_PAGE)}: the table is up to date`);
} else {
  fs.writeFileSync(CONFIGURATION_PAGE, after);
  console.log(`${path.relative(REPO_ROOT, CONFIGURATION_PAGE)}: table written`);
}
