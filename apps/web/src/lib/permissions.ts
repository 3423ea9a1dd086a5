import type { AuthEntry } from '@switchboard/contracts';

export interface Access {
  visible: boolean;
  disabled: boolean;
}

/**
 * Spec section 6, for a control guarded by `action`:
 * - no rule for the action in allAuth, or a rule with status '0' (switched off): shown, enabled;
 * - a type '2' rule (editable / disabled): shown, disabled unless the user holds the action;
 * - a type '1' rule (visible / accessible): removed unless the user's auth list holds the action
 *   (the user's type '2' entries do not count for this check).
 * The server checks every action again: this only spares people buttons that cannot work.
 */
export function accessTo(action: string, auth: readonly AuthEntry[], allAuth: readonly AuthEntry[]): Access {
  const rule = allAuth.find((entry) => entry.action === action);
  if (!rule || rule.status === '0') return { visible: true, disabled: false };
  if (rule.type === '2') {
    return { visible: true, disabled: !auth.some((entry) => entry.action === action) };
  }
  const granted = auth.some((entry) => entry.type !== '2' && entry.action === action);
  return { visible: granted, disabled: false };
}
