import type { AuthEntry } from '@switchboard/contracts';

export interface Access {
  visible: boolean;
  disabled: boolean;
}

/**
 * Spec section 6, for a control guarded by `action`:
 * - a type '2' rule (editable / disabled): shown, disabled unless the user holds the action;
 * - otherwise the control is removed unless the user's auth list holds the action (the user's
 *   type '2' entries do not count for this check), or allAuth marks the action switched off
 *   (status '0'). An action nobody declared is removed too: a guard fails closed.
 * The server checks every action again: this only spares people buttons that cannot work.
 */
export function accessTo(action: string, auth: readonly AuthEntry[], allAuth: readonly AuthEntry[]): Access {
  const rule = allAuth.find((entry) => entry.action === action);
  if (rule?.status === '0') return { visible: true, disabled: false };
  if (rule?.type === '2') {
    return { visible: true, disabled: !auth.some((entry) => entry.action === action) };
  }
  const granted = auth.some((entry) => entry.type !== '2' && entry.action === action);
  return { visible: granted, disabled: false };
}
