import {
  loginSchema,
  MONEY_SCALE,
  orderCreateSchema,
  pageQuerySchema,
  RATE_PRICE_MAX,
  rateInputSchema,
  TOP_UP_MAX,
  TOP_UP_MIN,
  updatePasswordSchema,
} from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';
import { schemaProblems } from './validation';

describe('schemaProblems', () => {
  it('translates the shared schema messages with field labels', () => {
    const labels = { username: '用户名', password: '密码' };
    expect(schemaProblems(loginSchema, { username: '', password: '' }, labels, 'zh-CN')).toEqual({
      username: '用户名不能为空',
      password: '密码不能为空',
    });
    expect(schemaProblems(loginSchema, { username: 'a', password: 'b' }, labels, 'en-US')).toEqual({});
  });

  it('says a number’s bound as a value, never in characters', () => {
    expect(
      schemaProblems(pageQuerySchema, { pageNo: 0, pageSize: 501 }, { pageNo: 'Page' }, 'en-US'),
    ).toEqual({
      pageNo: 'Page must be at least 1',
      pageSize: 'pageSize must be at most 500',
    });
    expect(schemaProblems(pageQuerySchema, { pageNo: 0 }, { pageNo: '页码' }, 'zh-CN')).toEqual({
      pageNo: '页码不能小于1',
    });
  });

  it('reports cross-field rules on the right field', () => {
    const problems = schemaProblems(
      updatePasswordSchema,
      { username: 'admin', oldpassword: 'x', password: 'Abcdefg1', confirmpassword: 'Abcdefg2' },
      {},
      'en-US',
    );
    expect(problems).toEqual({ confirmpassword: 'The two passwords are not the same' });
    expect(
      schemaProblems(
        updatePasswordSchema,
        { username: 'admin', oldpassword: '', password: 'weak', confirmpassword: '' },
        {},
        'en-US',
      ),
    ).toMatchObject({
      oldpassword: 'Please input the old password',
      password: 'The password must be at least 8 characters with digits, upper and lower case letters',
      confirmpassword: 'Please confirm the new password',
    });
  });
});

describe('schemaProblems with a rule’s own figures', () => {
  // Custom rules carry their figures in the params; the message names them, never `{max}`.
  const labels = { price: 'Price', amount: 'Amount' };
  const zhLabels = { price: '价格', amount: '金额' };

  it('fills a money rule’s {max} in both languages', () => {
    expect(schemaProblems(rateInputSchema, { price: '1000.5' }, labels, 'en-US').price).toBe(
      `Price must be at most ${RATE_PRICE_MAX}`,
    );
    expect(schemaProblems(rateInputSchema, { price: '1000.5' }, zhLabels, 'zh-CN').price).toBe(
      `价格不能超过${RATE_PRICE_MAX}`,
    );
    expect(schemaProblems(rateInputSchema, { price: '0.1234567' }, labels, 'en-US').price).toBe(
      `Price may have at most ${MONEY_SCALE} decimal places`,
    );
    expect(schemaProblems(rateInputSchema, { price: '0.1234567' }, zhLabels, 'zh-CN').price).toBe(
      `价格最多${MONEY_SCALE}位小数`,
    );
  });

  it('fills a top-up’s {min} and {max} in both languages', () => {
    expect(schemaProblems(orderCreateSchema, { amount: '10' }, labels, 'en-US').amount).toBe(
      `Amount must be between ${TOP_UP_MIN} and ${TOP_UP_MAX}`,
    );
    expect(schemaProblems(orderCreateSchema, { amount: '10' }, zhLabels, 'zh-CN').amount).toBe(
      `金额必须在${TOP_UP_MIN}到${TOP_UP_MAX}之间`,
    );
  });

  it('leaves no placeholder unfilled for any rule of these schemas', () => {
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const problems = {
        ...schemaProblems(rateInputSchema, { price: '5000', countryCode: 'xx' }, labels, locale),
        ...schemaProblems(orderCreateSchema, { amount: '1.234' }, labels, locale),
      };
      expect(Object.keys(problems).length).toBeGreaterThan(1);
      for (const text of Object.values(problems)) expect(text).not.toMatch(/\{\w+\}/);
    }
  });
});
