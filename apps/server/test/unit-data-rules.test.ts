import type { PermissionCode } from '@switchboard/contracts';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import {
  type DataRule,
  type DataRuleCaller,
  dataRuleColumns,
  dataRuleList,
  dataRuleWhere,
  ruleValueFor,
} from '../src/platform/data-rules';
import { users } from '../src/schema';

const dialect = new PgDialect();
const render = (condition: SQL | undefined) => (condition ? dialect.sqlToQuery(condition) : undefined);

// The test's own list: a code no route guards (so no module's declaration is replaced).
const LIST = dataRuleList('test:unit:list' as PermissionCode, {
  username: users.username,
  status: users.status,
  companyId: { column: users.companyId, company: true },
});
const caller: DataRuleCaller = { username: 'ann', orgCode: null, companyId: 'c1' };
const rule = (column: string, condition: DataRule['condition'], value = ''): DataRule => ({
  column,
  condition,
  value,
});

describe('dataRuleWhere', () => {
  it('adds nothing without rules', () => {
    expect(dataRuleWhere(LIST, [], caller)).toBeUndefined();
  });

  it('compares as text, each condition its own way, and ANDs the rules', () => {
    const q = render(
      dataRuleWhere(
        LIST,
        [
          rule('username', '=', 'bob'),
          rule('status', '!=', '2'),
          rule('username', 'in', ' a, b ,,c'),
          rule('username', 'like', '50%_x'),
        ],
        caller,
      ),
    );
    expect(q?.sql).toBe(
      '(("users"."username")::text = $1 and ("users"."status")::text <> $2 and ' +
        '("users"."username")::text = any($3::text[]) and ("users"."username")::text ilike $4)',
    );
    expect(q?.params).toEqual(['bob', '2', ['a', 'b', 'c'], '%50\\%\\_x%']);
  });

  it('fills in the caller’s variables; one without a value matches nothing', () => {
    expect(render(dataRuleWhere(LIST, [rule('username', '=', '#{sys_user_code}')], caller))?.params).toEqual([
      'ann',
    ]);
    expect(render(dataRuleWhere(LIST, [rule('username', '=', '#{sys_org_code}')], caller))?.sql).toBe(
      'false',
    );
    expect(render(dataRuleWhere(LIST, [rule('username', '=', '#{nobody_knows}')], caller))?.sql).toBe(
      'false',
    );
    expect(ruleValueFor('#{sys_company_id}-#{sys_user_code}', caller)).toBe('c1-ann');
  });

  it('matches nothing for a column the list does not declare, or an empty in', () => {
    expect(render(dataRuleWhere(LIST, [rule('password_hash', '=', 'x')], caller))?.sql).toBe('false');
    expect(render(dataRuleWhere(LIST, [rule('toString', '=', 'x')], caller))?.sql).toBe('false');
    expect(render(dataRuleWhere(LIST, [rule('username', 'in', ' , ')], caller))?.sql).toBe('false');
  });

  it('limits a company column to the caller’s scope', () => {
    const scoped = render(
      dataRuleWhere(LIST, [rule('companyId', 'scope')], {
        ...caller,
        scope: { kind: 'companies', companyIds: ['c1', 'c2'] },
      }),
    );
    expect(scoped?.sql).toBe('"users"."company_id" in ($1, $2)');
    expect(
      render(dataRuleWhere(LIST, [rule('companyId', 'scope')], { ...caller, scope: { kind: 'all' } }))?.sql,
    ).toBe('true');
    expect(
      render(
        dataRuleWhere(LIST, [rule('companyId', 'scope')], {
          ...caller,
          scope: { kind: 'companies', companyIds: [] },
        }),
      )?.sql,
    ).toBe('false');
    // Not a company column, or no scope known: nothing.
    expect(render(dataRuleWhere(LIST, [rule('username', 'scope')], caller))?.sql).toBe('false');
    expect(render(dataRuleWhere(LIST, [rule('companyId', 'scope')], caller))?.sql).toBe('false');
  });

  it('tells the editor which columns a list takes', () => {
    expect(dataRuleColumns('test:unit:list')).toEqual([
      { key: 'username', company: false },
      { key: 'status', company: false },
      { key: 'companyId', company: true },
    ]);
    expect(dataRuleColumns('test:nothing')).toBeUndefined();
    expect(dataRuleColumns(null)).toBeUndefined();
  });
});
