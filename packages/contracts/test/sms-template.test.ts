import { describe, expect, it } from 'vitest';
import {
  matchesTemplate,
  missingVariables,
  renderTemplate,
  reviewRejectSchema,
  smsSenderInputSchema,
  smsTemplateImportRowSchema,
  smsTemplateInputSchema,
  templateVariables,
} from '../src';

describe('template variables', () => {
  it('extracts each {name} once, in order; other braces are text', () => {
    expect(templateVariables('Hi {name}, code {code}. Bye {name}')).toEqual(['name', 'code']);
    expect(templateVariables('{a}{b_2}{_c}')).toEqual(['a', 'b_2', '_c']);
    expect(templateVariables('{ name } {} {1abc} {a-b} {{x}}')).toEqual(['x']);
    expect(templateVariables(`{${'a'.repeat(33)}}`)).toEqual([]);
    expect(templateVariables('no variables')).toEqual([]);
  });

  it('renders known variables, keeps unknown ones as written, never fills a value again', () => {
    expect(renderTemplate('Hi {name}, code {code}', { name: 'Ann', code: '1234' })).toBe('Hi Ann, code 1234');
    expect(renderTemplate('Hi {name}, code {code}', { name: 'Ann' })).toBe('Hi Ann, code {code}');
    expect(renderTemplate('{a}', { a: '{b}', b: 'x' })).toBe('{b}');
    expect(renderTemplate('{a} and {a}', { a: '$&' })).toBe('$& and $&');
    expect(renderTemplate('你好 {name}', { name: '张三' })).toBe('你好 张三');
    expect(missingVariables('Hi {name}, code {code}', { name: 'x' })).toEqual(['code']);
  });
});

describe('matching a text against a template', () => {
  const t = 'Your code is {code}. It expires in {minutes} minutes.';
  it('accepts the template filled in, or still with its placeholders', () => {
    expect(matchesTemplate(t, 'Your code is 123456. It expires in 5 minutes.')).toBe(true);
    expect(matchesTemplate(t, t)).toBe(true);
    expect(matchesTemplate(t, 'Your code is {code}. It expires in 10 minutes.')).toBe(true);
    // A value may contain the following literal text: the leftmost match still fits.
    expect(matchesTemplate('{a}. end', 'x. y. end')).toBe(true);
  });
  it('refuses other texts, missing or empty variables, extra text', () => {
    expect(matchesTemplate(t, 'Your code is . It expires in 5 minutes.')).toBe(false);
    expect(matchesTemplate(t, 'Your code is 1. It expires in 5 minutes. Visit x.com')).toBe(false);
    expect(matchesTemplate(t, 'Buy now! Your code is 1. It expires in 5 minutes.')).toBe(false);
    expect(matchesTemplate(t, 'Your code is 1.')).toBe(false);
    expect(matchesTemplate('{a}{b}', 'x')).toBe(false);
    expect(matchesTemplate('{a}{b}', 'xy')).toBe(true);
    expect(matchesTemplate('{a}', '')).toBe(false);
  });
  it('compares plain templates exactly, ignoring surrounding space and line-end style', () => {
    expect(matchesTemplate('Hello\nworld', '  Hello\r\nworld ')).toBe(true);
    expect(matchesTemplate('Hello world', 'Hello  world')).toBe(false);
    expect(matchesTemplate('Sale {pct}% off', 'Sale 20% off')).toBe(true);
    expect(matchesTemplate('a.b*c', 'a.b*c')).toBe(true);
    expect(matchesTemplate('a.b*c', 'axb*c')).toBe(false);
  });
  it('is linear on hostile input (no backtracking blow-up)', () => {
    const template = Array.from({ length: 30 }, (_, i) => `{v${i}}a`).join('');
    const started = Date.now();
    expect(matchesTemplate(template, `${'a'.repeat(999)}b`)).toBe(false);
    expect(Date.now() - started).toBeLessThan(200);
  });
});

describe('schemas', () => {
  it('sender ids: letters, digits, underscore; 11 alphanumeric or 15 digits', () => {
    const ok = (senderId: string) => smsSenderInputSchema.safeParse({ senderId }).success;
    expect(ok('ACME_Shop1')).toBe(true);
    expect(ok('123456789012345')).toBe(true);
    expect(ok('ABCDEFGHIJKL')).toBe(false);
    expect(ok('Acme-Shop')).toBe(false);
    expect(ok('Acme Shop')).toBe(false);
    expect(ok('阿克米')).toBe(false);
    const bad = smsSenderInputSchema.safeParse({ senderId: 'a-b' });
    expect(bad.error?.issues[0]?.message).toBe('SENDER_INVALID');
  });
  it('templates need a kind; kinds come back in the canonical order, once each', () => {
    const parsed = smsTemplateInputSchema.parse({
      name: 'x',
      kinds: ['otp', 'marketing', 'otp'],
      text: 'hi',
    });
    expect(parsed.kinds).toEqual(['marketing', 'otp']);
    const none = smsTemplateInputSchema.safeParse({ name: 'x', kinds: [], text: 'hi' });
    expect(none.error?.issues[0]?.message).toBe('TEMPLATE_KIND_REQUIRED');
    const row = smsTemplateImportRowSchema.parse({ name: 'x', kinds: 'notification, marketing', text: 'y' });
    expect(row.kinds).toEqual(['marketing', 'notification']);
    expect(smsTemplateImportRowSchema.safeParse({ name: 'x', kinds: 'spam', text: 'y' }).success).toBe(false);
    expect(
      smsTemplateImportRowSchema.parse({ name: 'x', kinds: '验证码、营销短信', text: 'y' }).kinds,
    ).toEqual(['marketing', 'otp']);
    expect(smsTemplateImportRowSchema.parse({ name: 'x', kinds: 'Premium  OTP', text: 'y' }).kinds).toEqual([
      'premium_otp',
    ]);
    expect(smsTemplateImportRowSchema.parse({ name: 'x', kinds: 'otp, OTP', text: 'y' }).kinds).toEqual([
      'otp',
    ]);
  });
  it('a rejection needs its reason', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect(reviewRejectSchema.safeParse({ id }).error?.issues[0]?.message).toBe('REVIEW_REASON_REQUIRED');
    expect(reviewRejectSchema.safeParse({ id, reason: '  ' }).error?.issues[0]?.message).toBe(
      'REVIEW_REASON_REQUIRED',
    );
    expect(reviewRejectSchema.safeParse({ id, reason: 'Brand not verified' }).success).toBe(true);
  });
});
