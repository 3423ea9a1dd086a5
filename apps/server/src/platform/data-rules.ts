import type { DataRuleColumnInfo, DataRuleCondition, PermissionCode } from '@switchboard/contracts';
import { and, type Column, type SQL, sql } from 'drizzle-orm';
import { type DataScope, scopeCondition } from './scope';
import { likeText } from './sql';

/**
 * Data rules: row filters an administrator sets per menu (its list) and chooses per role. A list
 * opts in by declaring, under its permission code, the columns rules may name (a whitelist: a rule
 * never reaches SQL with a column of its own); before reading, it asks the data-rule service for
 * the caller's condition (`services.dataRules.where(auth, list)`) and adds it to its filters.
 *
 * - The rules are those the caller's roles chose on the list's permission, enabled ones only;
 *   without any (an administrator by default) the list is not filtered.
 * - Different rules are ANDed. `=`, `!=` compare as text, `in` takes comma-separated values,
 *   `like` means "contains" (case-insensitive), `scope` keeps the rows of the caller's companies
 *   (a company column only; see platform/scope).
 * - A value may name the caller's own `#{sys_user_code}` (username), `#{sys_org_code}` (current
 *   department) or `#{sys_company_id}`. A variable the caller has no value for, or a column the
 *   list no longer declares, matches no row: a rule never widens what a role sees.
 */

export interface DataRule {
  column: string;
  condition: DataRuleCondition;
  value: string;
}

/** A column rules may name; `company`: it holds a company id (`scope` applies). */
export type DataRuleColumn = Column | { column: Column; company: true };

/** A list that applies data rules: its permission code and the columns rules may name. */
export interface DataRuleList {
  permission: PermissionCode;
  columns: Readonly<Record<string, DataRuleColumn>>;
}

/** Who reads: the values of the variables, and the company scope when a `scope` rule applies. */
export interface DataRuleCaller {
  username: string;
  orgCode: string | null;
  companyId: string | null;
  scope?: DataScope;
}

const declared = new Map<string, DataRuleList>();

/**
 * Declares that the list of `permission` applies data rules naming these columns (once per list,
 * next to its query). The rule editor offers these columns and refuses others.
 */
export function dataRuleList(
  permission: PermissionCode,
  columns: Record<string, DataRuleColumn>,
): DataRuleList {
  const list: DataRuleList = { permission, columns };
  declared.set(permission, list);
  return list;
}

const isCompany = (c: DataRuleColumn): c is { column: Column; company: true } =>
  typeof c === 'object' && c !== null && 'company' in c && c.company === true;
const columnOf = (c: DataRuleColumn): Column => (isCompany(c) ? c.column : c);

/** The columns rules on `permission`'s list may name; undefined: that list takes no rules. */
export function dataRuleColumns(permission: string | null | undefined): DataRuleColumnInfo[] | undefined {
  const list = permission ? declared.get(permission) : undefined;
  if (!list) return undefined;
  return Object.entries(list.columns).map(([key, c]) => ({ key, company: isCompany(c) }));
}

const VARIABLE = /#\{(\w+)\}/g;

/** The value with the caller's variables filled in; null when one has no value (or is unknown). */
export function ruleValueFor(value: string, caller: DataRuleCaller): string | null {
  const values: Record<string, string | null> = {
    sys_user_code: caller.username,
    sys_org_code: caller.orgCode,
    sys_company_id: caller.companyId,
  };
  let missing = false;
  const filled = value.replace(VARIABLE, (_whole, name: string) => {
    const v = Object.hasOwn(values, name) ? values[name] : null;
    if (v === null || v === undefined) missing = true;
    return v ?? '';
  });
  return missing ? null : filled;
}

const NOTHING = sql`false`;

function ruleCondition(list: DataRuleList, rule: DataRule, caller: DataRuleCaller): SQL {
  const declaredColumn = Object.hasOwn(list.columns, rule.column) ? list.columns[rule.column] : undefined;
  if (!declaredColumn) return NOTHING;
  const column = columnOf(declaredColumn);
  if (rule.condition === 'scope') {
    if (!isCompany(declaredColumn) || !caller.scope) return NOTHING;
    return scopeCondition(caller.scope, column) ?? sql`true`;
  }
  const value = ruleValueFor(rule.value, caller);
  if (value === null) return NOTHING;
  // As text: a value that is no number or UUID compares as unequal instead of failing the query.
  const text = sql`(${column})::text`;
  switch (rule.condition) {
    case '=':
      return sql`${text} = ${value}`;
    case '!=':
      return sql`${text} <> ${value}`;
    case 'in': {
      const values = value
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '');
      return values.length === 0 ? NOTHING : sql`${text} = any(${sql.param(values)}::text[])`;
    }
    case 'like':
      return sql`${text} ilike ${likeText(value)}`;
  }
}

/** What data rules add to a list's query: its where-condition, or undefined (not filtered). */
export type DataRuleFilter = SQL | undefined;

/** The where-condition of these rules on the list (undefined: no rule, no filter). */
export function dataRuleWhere(
  list: DataRuleList,
  rules: readonly DataRule[],
  caller: DataRuleCaller,
): DataRuleFilter {
  if (rules.length === 0) return undefined;
  return and(...rules.map((rule) => ruleCondition(list, rule, caller)));
}
