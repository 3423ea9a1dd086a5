import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
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
    async first(timeoutMs = 1_000): Promise<string> {
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
  it.skipIf(skip)('delivers to subscribers of the channel only, within a second', async () => {
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
    await new Promise((r) => setTimeout(r, 100));
    expect(elsewhere.messages).toEqual([]);
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
      // Published until it arrives: the listener comes back within a few seconds.
      const deadline = Date.now() + 10_000;
      while (messages.length === 0 && Date.now() < deadline) {
        await publisher.publish(channel, 'after the outage');
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(messages[0]).toBe('after the outage');
    } finally {
      await admin.end();
    }
  });
});
