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
  /** Hidden when the visiting domain's brand sets this flag. */
  hiddenOnBrandFlag?: 'hideRecharge' | 'hideLanguage';
}

export interface HeaderContext {
  narrow: boolean;
  isAdmin: boolean;
  flaggedUser: boolean;
  brand: Pick<Brand, 'hideRecharge' | 'hideLanguage'>;
}

export function headerItemVisible(item: HeaderItemRules, ctx: HeaderContext): boolean {
  if (item.hideBelow400 && ctx.narrow) return false;
  if (item.adminOnly && !ctx.isAdmin) return false;
  if (item.hiddenForFlaggedUser && ctx.flaggedUser) return false;
  if (item.hiddenOnBrandFlag && ctx.brand[item.hiddenOnBrandFlag]) return false;
  return true;
}
