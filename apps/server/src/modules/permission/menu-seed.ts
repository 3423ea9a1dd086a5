import { ACCOUNT_MENU } from './menu-sections/account';
import { CALL_CENTRE_MENU } from './menu-sections/call-centre';
import { MESSAGING_MENU } from './menu-sections/messaging';
import { SYSTEM_MENU } from './menu-sections/system';
import type { MenuSeed } from './menu-sections/types';
import { VOICE_MENU } from './menu-sections/voice';

export { BUTTON_TITLES_ZH } from './menu-sections/button-titles';
export type { MenuSeed } from './menu-sections/types';

/** Screens that exist, by section (menu-sections/*). Later issues add their own nodes there. */
export const MENU: MenuSeed[] = [
  ...ACCOUNT_MENU,
  ...SYSTEM_MENU,
  ...MESSAGING_MENU,
  ...VOICE_MENU,
  ...CALL_CENTRE_MENU,
];
