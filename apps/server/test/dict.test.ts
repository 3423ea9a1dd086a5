import {
  ANNOUNCEMENT_CATEGORIES,
  ANNOUNCEMENT_DICTS,
  ANNOUNCEMENT_SEND_STATUSES,
  type DictItem,
  ORDER_DICTS,
  ORDER_STATES,
  PAYMENT_METHODS,
  PAYOUT_STATES,
  PRIORITIES,
} from '@switchboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { expectError, expectFieldError, expectOk, tokenOf, ZH } from './support/api';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startServer();
  token = await tokenOf(s, 'customer');
});
afterAll(() => s.close());

const items = (
  code: string,
  options: { locale?: string; headers?: Record<string, string>; token?: string } = {},
) => s.call<DictItem[]>('GET', `/sys/dict/getDictItems/${code}`, { token, ...options });

describe('GET /sys/dict/getDictItems/:code', () => {
  it('gives the priorities in English', async () => {
    expect(expectOk(await items('priority'))).toEqual([
      { value: 'L', text: 'General', label: 'General' },
      { value: 'M', text: 'Important', label: 'Important' },
      { value: 'H', text: 'Urgent', label: 'Urgent' },
    ]);
  });

  it('gives the priorities in Chinese (X-Locale and Accept-Language)', async () => {
    const expected = [
      { value: 'L', text: '一般', label: '一般' },
      { value: 'M', text: '重要', label: '重要' },
      { value: 'H', text: '紧急', label: '紧急' },
    ];
    expect(expectOk(await items('priority', { locale: ZH }))).toEqual(expected);
    expect(expectOk(await items('priority', { locale: 'zh_CN' }))).toEqual(expected);
    expect(expectOk(await items('priority', { headers: { 'Accept-Language': 'zh-CN,zh;q=0.9' } }))).toEqual(
      expected,
    );
    expect(
      expectOk(await items('priority', { headers: { 'Accept-Language': 'en;q=0.5, zh;q=0.8' } })),
    ).toEqual(expected);
    // X-Locale wins over Accept-Language.
    const en = expectOk(
      await items('priority', { locale: 'en-US', headers: { 'Accept-Language': 'zh-CN' } }),
    );
    expect(en.map((i) => i.text)).toEqual(['General', 'Important', 'Urgent']);
  });

  it('gives the company types', async () => {
    expect(expectOk(await items('company_type'))).toEqual([
      { value: 'direct', text: 'Direct', label: 'Direct' },
      { value: 'two-way', text: 'Two-way', label: 'Two-way' },
      { value: 'agent', text: 'Agent', label: 'Agent' },
    ]);
    expect(expectOk(await items('company_type', { locale: ZH })).map((i) => i.text)).toEqual([
      '直客',
      '双向',
      '代理',
    ]);
  });

  // The announcement screens take their options and texts from these: every value the contracts
  // allow (the form offers two ways of opening), each with words in both languages.
  it.each([
    [ANNOUNCEMENT_DICTS.sendStatus, ANNOUNCEMENT_SEND_STATUSES],
    [ANNOUNCEMENT_DICTS.category, ANNOUNCEMENT_CATEGORIES],
    [ANNOUNCEMENT_DICTS.priority, PRIORITIES],
    [ANNOUNCEMENT_DICTS.openType, ['0', '1']],
    // Top-ups and payouts: every state of the contracts' state machines, every method.
    [ORDER_DICTS.state, ORDER_STATES],
    [ORDER_DICTS.method, PAYMENT_METHODS],
    [ORDER_DICTS.payoutState, PAYOUT_STATES],
  ] as const)('names the coded values of %s in both languages', async (code, values) => {
    const en = expectOk(await items(code));
    const zh = expectOk(await items(code, { locale: ZH }));
    expect(en.map((i) => i.value)).toEqual(values);
    expect(zh.map((i) => i.value)).toEqual(values);
    for (const [i, item] of en.entries()) {
      expect(item.text).toMatch(/^[A-Z][a-z]/);
      expect(zh[i]?.text).toMatch(/^[\u4e00-\u9fff]/);
    }
  });

  it('answers 404 DICT_NOT_FOUND for an unknown code', async () => {
    const res = await items('no_such_dict');
    expectError(res, 404, 'DICT_NOT_FOUND');
    expect(res.body.message).toBe('Dictionary not found');
    const zh = await items('no_such_dict', { locale: ZH });
    expect(zh.body.message).toBe('字典不存在');
  });

  it.each([
    ["priority' OR '1'='1"],
    ['priority; drop table users--'],
    ['<script>alert(1)</script>'],
    ['../../etc/passwd'],
    ['priority%'],
  ])('refuses the code %j with 400', async (code) => {
    const res = await items(encodeURIComponent(code));
    expectFieldError(res, 'code', 'code is invalid');
  });

  it('refuses an over-long code with 400', async () => {
    expectFieldError(await items('a'.repeat(65)), 'code', 'code must be at most 64 characters');
  });

  it('needs a session', async () => {
    const res = await items('priority', { token: '' });
    expectError(res, 401, 'UNAUTHORIZED');
    expect(res.body.result).toBeNull();
  });

  it('still works after the attempts above', async () => {
    expect(expectOk(await items('priority')).map((i) => i.value)).toEqual(['L', 'M', 'H']);
  });
});
