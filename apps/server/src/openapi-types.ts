import path from 'node:path';
import { API_PREFIX } from '@switchboard/contracts';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { REPO_ROOT } from './platform/paths';

/** The web's types of the API, generated from the OpenAPI document (`npm run api:types`). */
export const API_TYPES_FILE = path.join(REPO_ROOT, 'apps/web/src/lib/api-schema.d.ts');

const HEADER =
  "// Generated from the server's OpenAPI document by `npm run api:types`: do not edit by hand.\n" +
  "// Paths are relative to the API prefix, as the web's api client takes them.\n\n";

/**
 * The TypeScript types (`paths`, `components`, `operations`) of the console's OpenAPI document,
 * its paths without the API prefix.
 */
export async function apiTypesOf(document: OpenAPI3): Promise<string> {
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([url, item]) => [
      url.startsWith(`${API_PREFIX}/`) ? url.slice(API_PREFIX.length) : url,
      item,
    ]),
  );
  const ast = await openapiTS({ ...document, paths }, { alphabetize: true });
  return HEADER + astToString(ast);
}
