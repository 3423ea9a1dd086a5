import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import '../src/zod-setup';
import { translateError } from '../src/errors';
import { pageQuerySchema } from '../src/paging';
import { describeIssues } from '../src/validation';
import { DATE_MAX_DAY, DATE_MIN_DAY, dateQuery, dateQueryEnd, dateTimeInput, dayQuery } from '../src/wire';

const iso = (d: unknown) => (d as Date).toISOString();

describe('dates users may name', () => {
  it('are bounded to 2000–2100: the bounds pass, the bounds ± 1 and the extremes are DATE_OUT_OF_RANGE', () => {
    expect(iso(dateQuery.parse(DATE_MIN_DAY))).toBe('2000-01-01T00:00:00.000Z');
    expect(iso(dateQuery.parse(DATE_MAX_DAY))).toBe('2100-12-31T00:00:00.000Z');
    expect(iso(dateQuery.parse('2100-12-31T23:59:59.999Z'))).toBe('2100-12-31T23:59:59.999Z');
    for (const text of [
      '1999-12-31',
      '1999-12-31T23:59:59.999Z',
      '2101-01-01',
      '2101-01-01T00:00:00Z',
      '2100-12-31T23:00:00-14:00',
      '9999-12-31',
      '1900-01-01',
    ]) {
      for (const schema of [dateQuery, dateQueryEnd, dayQuery]) {
        const parsed = schema.safeParse(text);
        if (schema === dayQuery && text.length > 10) {
          expect(parsed.success, text).toBe(false);
          continue;
        }
        expect(parsed.error?.issues[0]?.message, text).toBe('DATE_OUT_OF_RANGE');
      }
    }
    for (const text of ['0000-01-01', '+010000-01-01', '-000001-01-01T00:00:00Z', '2026-02-30', 'x', '']) {
      expect(dateQuery.safeParse(text).success, text).toBe(false);
      expect(dateQueryEnd.safeParse(text).success, text).toBe(false);
    }
    expect(dateTimeInput.safeParse('9999-12-31T00:00:00Z').error?.issues[0]?.message).toBe(
      'DATE_OUT_OF_RANGE',
    );
    expect(dateTimeInput.parse('2026-11-25T08:00:00Z')).toEqual(new Date('2026-11-25T08:00:00Z'));
  });

  it("a period's end: a date names its whole day, an instant is included to its millisecond", () => {
    expect(iso(dateQueryEnd.parse('2026-11-25'))).toBe('2026-11-26T00:00:00.000Z');
    expect(iso(dateQueryEnd.parse(DATE_MAX_DAY))).toBe('2101-01-01T00:00:00.000Z');
    expect(iso(dateQueryEnd.parse('2026-11-25T23:59:59.999Z'))).toBe('2026-11-26T00:00:00.000Z');
    expect(iso(dateQueryEnd.parse('2026-11-25T08:00:00Z'))).toBe('2026-11-25T08:00:00.001Z');
    expect(dayQuery.parse('2026-11-25')).toBe('2026-11-25');
  });

  it('says the bounds in both languages', () => {
    const schema = z.object({ dateTo: dateQueryEnd });
    const issues = schema.safeParse({ dateTo: '9999-12-31' }).error?.issues ?? [];
    expect(describeIssues(issues, 'en-US')).toEqual([
      { field: 'dateTo', message: 'dateTo must be a date from 2000-01-01 to 2100-12-31' },
    ]);
    expect(describeIssues(issues, 'zh-CN')[0]?.message).toBe('dateTo须为2000-01-01至2100-12-31之间的日期');
  });
});

describe('size messages follow what was measured', () => {
  const message = (schema: z.ZodType, value: unknown, locale: 'en-US' | 'zh-CN' = 'en-US') =>
    describeIssues(z.object({ f: schema }).safeParse({ f: value }).error?.issues ?? [], locale)[0]?.message;

  it('numbers are values, not characters', () => {
    const issues = pageQuerySchema.safeParse({ pageNo: '0', pageSize: '501' }).error?.issues ?? [];
    expect(describeIssues(issues, 'en-US')).toEqual([
      { field: 'pageNo', message: 'pageNo must be at least 1' },
      { field: 'pageSize', message: 'pageSize must be at most 500' },
    ]);
    expect(describeIssues(issues, 'zh-CN').map((p) => p.message)).toEqual([
      'pageNo不能小于1',
      'pageSize不能大于500',
    ]);
    // Even where a schema named a length code for a number.
    expect(message(z.number().max(100, 'FIELD_TOO_LONG'), 101)).toBe('f must be at most 100');
  });

  it('text has characters, lists have items, dates have days', () => {
    expect(message(z.string().max(3), 'abcd')).toBe('f must be at most 3 characters');
    expect(message(z.string().min(3, 'FIELD_TOO_SHORT'), 'ab', 'zh-CN')).toBe('f至少3个字符');
    expect(message(z.string().min(1), '')).toBe('f is required');
    expect(message(z.array(z.string()).max(2), ['a', 'b', 'c'])).toBe('f can have at most 2 items');
    expect(message(z.array(z.string()).min(1), [], 'zh-CN')).toBe('f至少1项');
    expect(message(z.date().max(new Date('2026-01-01T00:00:00Z')), new Date('2027-01-01'))).toBe(
      'f must be no later than 2026-01-01',
    );
    // A code of its own (not a size) stays.
    expect(message(z.array(z.string()).max(1, 'BATCH_TOO_LARGE'), ['a', 'b'])).toBe(
      translateError('BATCH_TOO_LARGE', 'en-US', { field: 'f', max: 1 }),
    );
  });
});
