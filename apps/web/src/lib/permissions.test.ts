import type { AuthEntry } from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';
import { accessTo } from './permissions';

const entry = (action: string, type: '1' | '2', status: '0' | '1' = '1'): AuthEntry => ({
  action,
  describe: action,
  type,
  status,
});

describe('accessTo (spec section 6)', () => {
  it('removes a control whose action nobody declared, unless the user holds it', () => {
    expect(accessTo('x:y', [], [])).toEqual({ visible: false, disabled: false });
    expect(accessTo('x:y', [entry('x:y', '1')], [])).toEqual({ visible: true, disabled: false });
    expect(accessTo('x:y', [entry('x:y', '2')], [])).toEqual({ visible: false, disabled: false });
  });

  it('type 1: hidden unless granted', () => {
    const allAuth = [entry('user:freeze', '1')];
    expect(accessTo('user:freeze', [], allAuth)).toEqual({ visible: false, disabled: false });
    expect(accessTo('user:freeze', [entry('user:freeze', '1')], allAuth)).toEqual({
      visible: true,
      disabled: false,
    });
  });

  it('type 1: a granted entry of type 2 does not count for the hide check', () => {
    const allAuth = [entry('user:freeze', '1')];
    expect(accessTo('user:freeze', [entry('user:freeze', '2')], allAuth).visible).toBe(false);
  });

  it('type 1: stays when the rule is switched off (status 0)', () => {
    expect(accessTo('user:freeze', [], [entry('user:freeze', '1', '0')])).toEqual({
      visible: true,
      disabled: false,
    });
  });

  it('type 2: disabled unless granted, never hidden', () => {
    const allAuth = [entry('user:ip', '2')];
    expect(accessTo('user:ip', [], allAuth)).toEqual({ visible: true, disabled: true });
    expect(accessTo('user:ip', [entry('user:ip', '2')], allAuth)).toEqual({ visible: true, disabled: false });
  });

  it('type 2: enabled when the rule is switched off', () => {
    expect(accessTo('user:ip', [], [entry('user:ip', '2', '0')])).toEqual({ visible: true, disabled: false });
  });
});
