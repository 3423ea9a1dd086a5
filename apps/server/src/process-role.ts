import { parseArgs } from 'node:util';

/** What a process does: `api` answers HTTP, `worker` runs the background loops, `all` both. */
export const ROLES = ['api', 'worker', 'all'] as const;
export type Role = (typeof ROLES)[number];

/** The `--role` of a command line (default `all`), or the message that refuses it. */
export function roleOf(args: string[]): { role: Role } | { error: string } {
  const { values } = parseArgs({
    args,
    options: { role: { type: 'string', default: 'all' } },
    strict: false,
  });
  const role = String(values.role);
  if (!(ROLES as readonly string[]).includes(role)) {
    return { error: `--role must be one of ${ROLES.join(', ')} (got "${role}")` };
  }
  return { role: role as Role };
}
