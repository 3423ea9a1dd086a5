import { describe, expect, it } from 'vitest';
import { type HeaderContext, headerItemVisible } from './header-items';

const ctx: HeaderContext = {
  narrow: false,
  isAdmin: false,
  flaggedUser: false,
  brand: { hideRecharge: false, hideLanguage: false },
};

describe('headerItemVisible', () => {
  it('applies each flag', () => {
    expect(headerItemVisible({ key: 'a' }, { ...ctx, narrow: true })).toBe(true);
    expect(headerItemVisible({ key: 'a', hideBelow400: true }, { ...ctx, narrow: true })).toBe(false);
    expect(headerItemVisible({ key: 'a', adminOnly: true }, ctx)).toBe(false);
    expect(headerItemVisible({ key: 'a', adminOnly: true }, { ...ctx, isAdmin: true })).toBe(true);
    expect(headerItemVisible({ key: 'a', hiddenForFlaggedUser: true }, { ...ctx, flaggedUser: true })).toBe(
      false,
    );
    const brand = { hideRecharge: true, hideLanguage: false };
    expect(headerItemVisible({ key: 'a', hiddenOnBrandFlag: 'hideRecharge' }, { ...ctx, brand })).toBe(false);
    expect(headerItemVisible({ key: 'a', hiddenOnBrandFlag: 'hideLanguage' }, { ...ctx, brand })).toBe(true);
  });
});
