import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryPubSub, PostgresPubSub, type PubSub, RedisPubSub } from '../src/platform/pubsub';

/** Each implementation of the port, as two "processes" where the broker allows it. */
const kinds: { name: string; skip: boolean; make: () => PubSub; shared: boolean }[] = [
  { name: 'in-process', skip: false, make: () => new MemoryPubSub(), shared: false },
  {
    name: 'PostgreSQL LISTEN/NOTIFY',
    skip: !process.env.DATABASE_URL,
    make: () => new PostgresPubSub(process.env.DATABASE_URL!),
    shared: true,
  },
  {
    name: 'Redis',
    skip: !process.env.REDIS_URL,
    make: () => new RedisPubSub(process.env.REDIS_URL!),
    shared: true,
  },
];

const open: PubSub[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((p) => p.close()));
});

function received(pubsub: PubSub, channel: string) {
  const messages: string[] = [];
  let wake: () => void = () => {};
  const ready = pubsub.subscribe(channel, (m) => {
    messages.push(m);
    wake();
  });
  return {
    ready,
    messages,
    /** The first message, as soon as it comes (the limit only ends a wait for one that never will). */
    async first(timeoutMs = 30_000): Promise<string> {
      if (messages[0] !== undefined) return messages[0];
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('nothing received in time')), timeoutMs);
        wake = () => {
          clearTimeout(timer);
          resolve(messages[0]!);
        };
      });
    },
  };
}

describe.each(kinds)('pub/sub port: $name', ({ skip, make, shared }) => {
  it.skipIf(skip)('delivers to subscribers of the channel only', async () => {
    const a = make();
    const b = shared ? make() : a;
    open.push(...new Set([a, b]));
    const channel = `sb_test_${randomBytes(4).toString('hex')}`;
    const here = received(b, channel);
    const elsewhere = received(b, `${channel}_other`);
    const twice = received(b, channel);
    await Promise.all([here.ready, elsewhere.ready, twice.ready]);
    // NOTIFY payloads may be almost 8000 bytes: the realtime hub keeps its events below that.
    const big = JSON.stringify({ text: 'x'.repeat(7_000), zh: '公告' });
    await a.publish(channel, big);
    expect(await here.first()).toBe(big);
    expect(await twice.first()).toBe(big);
    // Messages reach a subscriber in the order they were published: once a later one on the other
    // channel has arrived there, the first one would have too, had it been sent there.
    await a.publish(`${channel}_other`, 'marker');
    expect(await elsewhere.first()).toBe('marker');
    expect(elsewhere.messages).toEqual(['marker']);
  });
});

describe('PostgreSQL listener', () => {
  it.skipIf(!process.env.DATABASE_URL)('listens again after its connection is lost', async () => {
    const listener = new PostgresPubSub(process.env.DATABASE_URL!);
    const publisher = new PostgresPubSub(process.env.DATABASE_URL!);
    open.push(listener, publisher);
    const channel = `sb_test_${randomBytes(4).toString('hex')}`;
    const messages: string[] = [];
    await listener.subscribe(channel, (m) => messages.push(m));
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const killed = await admin.query(
        'select pg_terminate_backend(pid) as done from pg_stat_activity where application_name = $1',
        [listener.listenerName],
      );
      expect(killed.rowCount).toBe(1);
      // Published until it arrives: the listener comes back (within a few seconds on an idle machine).
      await vi.waitFor(
        async () => {
          if (messages.length === 0) await publisher.publish(channel, 'after the outage');
          expect(messages[0]).toBe('after the outage');
        },
        { timeout: 60_000, interval: 250 },
      );
    } finally {
      await admin.end();
    }
  });
});
