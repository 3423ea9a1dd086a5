import { describe, expect, it } from 'vitest';
import { GatewayWindows } from '../src/modules/sms/workers';

describe('GatewayWindows (the dispatcher’s places in each gateway’s bound windows)', () => {
  it('gives places up to the windows, then hands each freed one to the next waiting message in order', async () => {
    const capacity = new Map([['a', 2]]);
    const windows = new GatewayWindows((id) => capacity.get(id) ?? 0);
    expect(await windows.take('a')).toBe(true);
    expect(await windows.take('a')).toBe(true);
    const order: number[] = [];
    const third = windows.take('a').then((placed) => order.push(3) && placed);
    const fourth = windows.take('a').then((placed) => order.push(4) && placed);
    await Promise.resolve();
    expect(order).toEqual([]);
    windows.give('a');
    expect(await third).toBe(true);
    expect(order).toEqual([3]);
    windows.give('a');
    expect(await fourth).toBe(true);
    expect(order).toEqual([3, 4]);
  });

  it('answers false at once for a gateway with no bound window, and to those waiting when its binds go', async () => {
    const capacity = new Map([['a', 1]]);
    const windows = new GatewayWindows((id) => capacity.get(id) ?? 0);
    expect(await windows.take('b')).toBe(false);
    expect(await windows.take('a')).toBe(true);
    const waiting = windows.take('a');
    capacity.set('a', 0);
    windows.give('a');
    expect(await waiting).toBe(false);
  });

  it('hands places to waiting messages when the windows grow (a bind came up)', async () => {
    const capacity = new Map([['a', 1]]);
    const windows = new GatewayWindows((id) => capacity.get(id) ?? 0);
    expect(await windows.take('a')).toBe(true);
    const waiting = windows.take('a');
    capacity.set('a', 2);
    windows.handAll();
    expect(await waiting).toBe(true);
  });
});
