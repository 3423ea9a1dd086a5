import type { Db } from '../../platform/db';
import { defineModule } from '../../platform/module';
import { SettingsRepo } from './repo';

/** Small platform settings by key (e.g. `contact.groupLink`). */
export class SettingsService {
  private readonly repo: SettingsRepo;

  constructor(db: Db) {
    this.repo = new SettingsRepo(db);
  }

  get(key: string) {
    return this.repo.get(key);
  }

  set(key: string, value: string) {
    return this.repo.set(key, value);
  }

  /** Stores `value` unless the key has one (two processes racing agree on one value); answers the value kept. */
  setIfMissing(key: string, value: string) {
    return this.repo.setIfMissing(key, value);
  }
}

declare module '../../platform/module' {
  interface Services {
    settings: SettingsService;
  }
}

export const settingsModule = defineModule({
  name: 'settings',
  provides: ['settings'],
  services: ({ db }) => ({ settings: new SettingsService(db) }),
});
