import { describe, expect, it } from 'vitest';
import { HEADER_ITEMS } from './HeaderItems';
import { type HeaderContext, headerItemPresence, headerItemVisible, inUserMenu } from './header-items';

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

  it('hides brand-specific items while the brand is unknown', () => {
    const pending = { ...ctx, brand: null };
    expect(headerItemVisible({ key: 'a', hiddenOnBrandFlag: 'hideRecharge' }, pending)).toBe(false);
    expect(headerItemVisible({ key: 'a', hiddenOnBrandFlag: 'hideLanguage' }, pending)).toBe(false);
    expect(headerItemVisible({ key: 'a', brandSpecific: true }, pending)).toBe(false);
    expect(headerItemVisible({ key: 'a', brandSpecific: true }, ctx)).toBe(true);
    expect(headerItemVisible({ key: 'a' }, pending)).toBe(true);
  });

  it('keeps a keepMounted item (the bell) mounted but hidden for narrow screens and flagged users', () => {
    const bell = HEADER_ITEMS.find((item) => item.key === 'bell');
    if (!bell) throw new Error('no bell');
    expect(headerItemPresence(bell, ctx)).toBe('shown');
    expect(headerItemPresence(bell, { ...ctx, narrow: true })).toBe('mountedHidden');
    expect(headerItemPresence(bell, { ...ctx, flaggedUser: true })).toBe('mountedHidden');
    expect(headerItemPresence({ ...bell, keepMounted: false }, { ...ctx, flaggedUser: true })).toBe('absent');
    expect(headerItemPresence({ ...bell, adminOnly: true }, { ...ctx, narrow: true })).toBe('absent');
  });
});

describe('inUserMenu', () => {
  const language = HEADER_ITEMS.find((item) => item.key === 'language');
  if (!language) throw new Error('no language item');

  it('moves the language switch into the user menu below 400 px (and only then)', () => {
    expect(inUserMenu(language, ctx)).toBe(false);
    expect(inUserMenu(language, { ...ctx, narrow: true })).toBe(true);
  });

  it('does not bring back what another rule hides: a flagged user, a brand without it, an unknown brand', () => {
    expect(inUserMenu(language, { ...ctx, narrow: true, flaggedUser: true })).toBe(false);
    const brand = { hideRecharge: false, hideLanguage: true };
    expect(inUserMenu(language, { ...ctx, narrow: true, brand })).toBe(false);
    expect(inUserMenu(language, { ...ctx, narrow: true, brand: null })).toBe(false);
  });

  it('moves the notifications, Recharge and Contact us too, and nothing else (the test tool has its menu entry)', () => {
    const moved = HEADER_ITEMS.filter((item) => inUserMenu(item, { ...ctx, narrow: true, isAdmin: true }));
    expect(moved.map((item) => item.key)).toEqual(['bell', 'recharge', 'contact', 'language']);
  });
});
