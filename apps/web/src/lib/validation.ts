import {
  type ErrorCode,
  type IssueFigures,
  issueCode,
  issueParams,
  type Locale,
  translateError,
} from '@switchboard/contracts';
import type { FormRule } from 'antd';

type RuleObject = Exclude<FormRule, (...args: never[]) => unknown>;

/** The subset of a zod schema this helper needs (keeps zod itself out of the web's dependencies). */
interface SafeParser {
  safeParse(input: unknown): {
    success: boolean;
    error?: { issues: readonly Issue[] };
  };
}

interface Issue extends IssueFigures {
  message: string;
  path: readonly PropertyKey[];
}

function issueText(issue: Issue, label: string, locale: Locale): string {
  // Placeholders are filled as the server fills them: a custom rule's own figures included.
  const params = issueParams(issue, label);
  return translateError(issueCode(issue), locale, params);
}

/** Field -> first message, translated, from validating `values` with a shared schema. */
export function schemaProblems(
  schema: SafeParser,
  values: unknown,
  labels: Record<string, string>,
  locale: Locale,
): Record<string, string> {
  const parsed = schema.safeParse(values);
  const problems: Record<string, string> = {};
  if (parsed.success || !parsed.error) return problems;
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.');
    if (field in problems) continue;
    problems[field] = issueText(issue, labels[field] ?? field, locale);
  }
  return problems;
}

/**
 * An antd form rule checking one field against a shared zod schema. `values` returns the whole
 * object the schema expects, so cross-field rules (password confirmation) work too.
 */
export function schemaRule(options: {
  schema: SafeParser;
  field: string;
  values: () => unknown;
  labels: Record<string, string>;
  locale: () => Locale;
  /**
   * A cross-field check to apply when the schema says nothing about this field. zod skips an
   * object's refinements while any field is invalid, so "passwords differ" would only show once
   * everything else is right; this lets the form say it as soon as it is true.
   */
  crossCheck?: () => ErrorCode | null;
}): RuleObject {
  return {
    validator: async () => {
      const locale = options.locale();
      const problems = schemaProblems(options.schema, options.values(), options.labels, locale);
      const code = options.crossCheck?.() ?? null;
      const message =
        problems[options.field] ??
        (code
          ? translateError(code, locale, { field: options.labels[options.field] ?? options.field })
          : undefined);
      if (message) throw new Error(message);
    },
  };
}
