import { errorCodeValue, gatewayEditSchema, gatewayInputSchema } from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';
import { receiptStatus } from '../src/modules/gateway/receipt-reader';
import { stateOf } from '../src/modules/gateway/service';

describe('receipt status', () => {
  it('maps stat, and lets the error map override by code value', () => {
    expect(receiptStatus('DELIVRD', '000', {})).toBe('delivered');
    expect(receiptStatus('UNDELIV', '001', {})).toBe('undeliverable');
    expect(receiptStatus('EXPIRED', '002', {})).toBe('expired');
    expect(receiptStatus('REJECTD', '003', {})).toBe('rejected');
    expect(receiptStatus('UNKNOWN', '000', {})).toBe('failed');
    expect(receiptStatus('DELETED', '000', {})).toBe('failed');
    expect(receiptStatus('UNDELIV', '011', { '0x0b': 'rejected' })).toBe('rejected');
    expect(receiptStatus('UNDELIV', '11', { '011': 'expired' })).toBe('expired');
    expect(errorCodeValue('0x0B')).toBe(11);
    expect(errorCodeValue('abc')).toBeNull();
  });
});

describe('gateway settings', () => {
  const valid = { name: 'Up', host: 'smsc.example.com', port: 2775, systemId: 'acct', password: 'pw' };

  it('fills defaults and requires the password when adding, not when editing', () => {
    expect(gatewayInputSchema.parse(valid)).toMatchObject({
      bindMode: 'transceiver',
      binds: 1,
      windowSize: 10,
      tps: 0,
    });
    expect(gatewayInputSchema.safeParse({ ...valid, password: '' }).success).toBe(false);
    const id = '00000000-0000-4000-8000-000000000001';
    expect(gatewayEditSchema.safeParse({ ...valid, id, password: '' }).success).toBe(true);
    expect(gatewayEditSchema.safeParse({ ...valid, id, password: undefined }).success).toBe(true);
  });

  it('refuses bad hosts, ranges, reconnect order and error map entries', () => {
    const issues = (input: object) =>
      gatewayInputSchema
        .safeParse({ ...valid, ...input })
        .error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ host: 'bad host!' })).toEqual([['host', 'GATEWAY_HOST_INVALID']]);
    expect(issues({ port: 70000 })).toEqual([['port', 'NUMBER_TOO_LARGE']]);
    expect(issues({ windowSize: 0 })).toEqual([['windowSize', 'NUMBER_TOO_SMALL']]);
    expect(issues({ reconnectSeconds: 30, reconnectMaxSeconds: 10 })).toEqual([
      ['reconnectMaxSeconds', 'GATEWAY_RECONNECT_RANGE'],
    ]);
    expect(issues({ errorMap: { x1: 'rejected' } })?.[0]?.[1]).toBe('GATEWAY_ERROR_CODE_INVALID');
    expect(issues({ errorMap: { '001': 'lost' } })?.[0]?.[1]).toBe('GATEWAY_ERROR_STATUS_INVALID');
  });
});

describe('gateway state over slots', () => {
  const now = new Date('2026-11-26T08:00:00Z');
  const row = { id: 'g1', enabled: true, binds: 2, updatedAt: now } as Parameters<typeof stateOf>[0];
  const bind = (slot: number, state: string, lastError: string | null, ageMs = 0) => ({
    gatewayId: 'g1',
    slot,
    state,
    lastError,
    since: new Date(now.getTime() - 1000 - slot),
    owner: 'p1',
    seenAt: new Date(now.getTime() - ageMs),
  });

  it('is bound with one slot bound, and shows the other slot’s error', () => {
    expect(stateOf(row, [bind(0, 'bound', null), bind(1, 'down', 'connection refused')], now)).toMatchObject({
      state: 'bound',
      bound: 1,
      binds: 2,
      lastError: 'connection refused',
    });
    expect(stateOf(row, [bind(0, 'bound', null), bind(1, 'bound', null)], now)).toMatchObject({
      bound: 2,
      lastError: null,
    });
  });

  it('is down when no live worker holds a slot, disabled when disabled', () => {
    expect(stateOf(row, [], now)).toMatchObject({ state: 'down', since: null });
    expect(stateOf(row, [bind(0, 'bound', null, 100_000)], now)).toMatchObject({ state: 'down', bound: 0 });
    expect(stateOf(row, [bind(0, 'connecting', null)], now).state).toBe('connecting');
    expect(stateOf({ ...row, enabled: false }, [bind(0, 'bound', null)], now).state).toBe('disabled');
  });
});
