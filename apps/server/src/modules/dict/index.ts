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

/** Dictionaries of coded values. */
export const dictModule = defineModule({
  name: 'dict',
  services: ({ db }) => ({ dicts: new DictService(db) }),
  routes: dictRoutes,
  seed: ({ dicts }) => dicts.seed(),
  seedDigest: digestOf(DICTIONARIES),
});
