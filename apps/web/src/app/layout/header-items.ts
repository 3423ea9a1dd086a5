import type { Brand } from '@switchboard/contracts';

/** Which header items show is data: each item carries its rules, one function applies them. */
export interface HeaderItemRules {
  key: string;
  /** Hidden on screens narrower than 400 px. */
  hideBelow400?: boolean;
  /** Shown to administrators only. */
  adminOnly?: boolean;
  /** Hidden for users flagged with `hideHeaderItems`. */
  hiddenForFlaggedUser?: boolean;
  /** Hidden when the visiting domain's brand sets this flag (and while the brand is unknown). */
  hiddenOnBrandFlag?: 'hideRecharge' | 'hideLanguage';
  /**
   * When the narrow-screen or flagged-user rule hides it, it stays mounted with nothing shown
   * (the bell: its socket still reloads notices and pops up urgent announcements).
   */
  keepMounted?: boolean;
  /** Depends on the brand in another way (e.g. main brand only): hidden while the brand is unknown. */
  brandSpecific?: boolean;
  /**
   * Hidden by the narrow-screen rule only, it is offered in the user menu instead (the language,
   * Recharge, the notifications, Contact us: a phone user must still reach them).
   */
  userMenuWhenNarrow?: boolean;
}

export interface HeaderContext {
  narrow: boolean;
  isAdmin: boolean;
  flaggedUser: boolean;
  /** The visiting domain's brand; null while it is being asked for. */
  brand: Pick<Brand, 'hideRecharge' | 'hideLanguage'> | null;
}

export function headerItemVisible(item: HeaderItemRules, ctx: HeaderContext): boolean {
  if (item.hideBelow400 && ctx.narrow) return false;
  if (item.adminOnly && !ctx.isAdmin) return false;
  if (item.hiddenForFlaggedUser && ctx.flaggedUser) return false;
  if ((item.brandSpecific || item.hiddenOnBrandFlag) && !ctx.brand) return false;
  if (item.hiddenOnBrandFlag && ctx.brand?.[item.hiddenOnBrandFlag]) return false;
  return true;
}

/** Shown, mounted but showing nothing (`keepMounted`), or left out. */
export type HeaderItemPresence = 'shown' | 'mountedHidden' | 'absent';

export function headerItemPresence(item: HeaderItemRules, ctx: HeaderContext): HeaderItemPresence {
  if (headerItemVisible(item, ctx)) return 'shown';
  if (item.keepMounted && headerItemVisible(item, { ...ctx, narrow: false, flaggedUser: false }))
    return 'mountedHidden';
  return 'absent';
}

/**
 * Whether an item moves into the user menu: the narrow-screen rule hides it, and nothing else
 * would (a flagged user or a brand that hides it does not get it there either).
 */
export function inUserMenu(item: HeaderItemRules, ctx: HeaderContext): boolean {
  return (
    item.userMenuWhenNarrow === true &&
    !headerItemVisible(item, ctx) &&
    headerItemVisible(item, { ...ctx, narrow: false })
  );
}
