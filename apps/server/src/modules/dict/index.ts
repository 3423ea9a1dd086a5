import type { Locale } from '@switchboard/contracts';
import { defineModule, digestOf } from '../../platform/module';
import { DICTIONARIES } from './dictionaries-seed';
import { dictRoutes } from './routes';
import { DictService } from './service';

export type { DictService } from './service';

declare module '../../platform/module' {
  interface Services {
    dicts: DictService;
  }
}

/**
 * The labels of a seeded dictionary's values in both languages (an export's enum column):
 * `{value: {'en-US', 'zh-CN'}}`. Throws for a code that is not seeded (a programming error).
 */
export function seededLabels(code: string): Record<string, Record<Locale, string>> {
  const dict = DICTIONARIES.find((d) => d.code === code);
  if (!dict) throw new Error(`no seeded dictionary ${code}`);
  return Object.fromEntries(dict.items.map(([value, en, zh]) => [value, { 'en-US': en, 'zh-CN': zh }]));
}

/** Dictionaries of coded values. */
export const dictModule = defineModule({
  name: 'dict',
  provides: ['dicts'],
  services: ({ db, caches }) => ({ dicts: new DictService(db, caches) }),
  routes: dictRoutes,
  seed: ({ dicts }) => dicts.seed(),
  seedDigest: digestOf(DICTIONARIES),
});
