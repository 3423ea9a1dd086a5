import { describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../src/app';
import { RATES_CACHE } from '../src/modules/rate';
import { CacheBus } from '../src/platform/cache-bus';
import { loadConfig } from '../src/platform/config';
import { openDatabase } from '../src/platform/db';
import { MemoryPubSub } from '../src/platform/pubsub';
import { startServer } from './harness';
import { expectOk, tokenOf } from './support/api';

describe('CacheBus', () => {
  it('clears a named cache here at once and in the other processes once, never another name', async () => {
    const pubsub = new MemoryPubSub();
    const here = new CacheBus(pubsub, 'caches');
    const there = new CacheBus(pubsub, 'caches');
    await here.start();
    await there.start();
    const clearedHere = vi.fn();
    const clearedThere = vi.fn();
    const otherName = vi.fn();
    here.register('rates', clearedHere);
    there.register('rates', clearedThere);
    there.register('permissions', otherName);
    await here.changed('rates');
    expect(clearedHere).toHaveBeenCalledTimes(1);
    await expect.poll(() => clearedThere.mock.calls.length).toBe(1);
    // Its own message does not clear this process a second time; junk on the channel is ignored.
    await pubsub.publish('caches', 'not json');
    await pubsub.publish('caches', JSON.stringify({ name: 42 }));
    await there.changed('permissions');
    await expect.poll(() => otherName.mock.calls.length).toBe(1);
    expect(clearedHere).toHaveBeenCalledTimes(1);
    expect(clearedThere).toHaveBeenCalledTimes(1);
  });

  it('a broker that fails to publish leaves this process cleared and says so in the log', async () => {
    const warn = vi.fn();
    const failing = new MemoryPubSub();
    failing.publish = () => Promise.reject(new Error('broker down'));
    const bus = new CacheBus(failing, 'caches', { warn } as never);
    const cleared = vi.fn();
    bus.register('rates', cleared);
    await bus.changed('rates');
    expect(cleared).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'a rate change in one server process clears the rates cached by another (PostgreSQL or Redis)',
    async () => {
      const s = await startServer();
      const database = await openDatabase({ databaseUrl: s.databaseUrl, dataDir: 'memory://' });
      const config = loadConfig({ LOG_LEVEL: 'silent', REDIS_URL: process.env.REDIS_URL });
      const second: App = await buildApp({
        config: { ...config, databaseUrl: s.databaseUrl, webDist: '' },
        database,
        logger: false,
        eventsChannel: s.eventsChannel,
      });
      try {
        const cleared = vi.fn();
        second.platform.caches.register(RATES_CACHE, cleared);
        const token = await tokenOf(s, 'admin');
        const group = expectOk<{ id: string }>(
          await s.call('POST', '/sys/feerateGroup/add', {
            token,
            body: { name: `Bus ${Date.now()}`, kind: 'sms' },
          }),
        );
        expect(cleared).not.toHaveBeenCalled();
        expectOk(
          await s.call('POST', '/sys/feerate/add', {
            token,
            body: { groupId: group.id, countryCode: 'FR', smsKind: 'otp', price: '0.01' },
          }),
        );
        await expect.poll(() => cleared.mock.calls.length).toBeGreaterThanOrEqual(1);
      } finally {
        await second.close();
        await database.close();
        await s.close();
      }
    },
  );
});
