/**
 * Users of one spec each, added to the e2e database before the server starts (seed-users.ts):
 * a spec that changes a user (binds an authenticator, changes a password, freezes it, flags it,
 * switches its department, fails its logins on purpose) changes its own, so no other spec sees the
 * change, whichever order they run in. They mirror a demo user of the same role and company; the
 * demo users are only signed in, never changed. Password: the demo password.
 */
export interface SpecUser {
  username: string;
  realname: string;
  /** Left out: no role at all (a spec gives it one, e.g. a role it creates). */
  role?: 'admin' | 'sales' | 'distributor' | 'agent' | 'customer';
  /** Org codes of the demo departments; several: the user chooses one after signing in. */
  departments: string[];
  /** A demo company, by name. */
  company?: string;
  /** E.164: signs in or resets its password with a code sent by SMS. */
  phone?: string;
}

export const SPEC_USERS = {
  /** 01: a department chosen once is the current one at the next sign-in. */
  sticky: {
    username: 'e2e-sticky',
    realname: 'Sid Sticky',
    role: 'sales',
    departments: ['A02', 'A03'],
  },
  /** 03-account: binds Google Authenticator. */
  totp: {
    username: 'e2e-totp',
    realname: 'Toni Totp',
    role: 'distributor',
    departments: ['A04'],
    company: 'Northwind Distribution',
  },
  /** 03-account: changes its password. */
  password: {
    username: 'e2e-password',
    realname: 'Pat Password',
    role: 'customer',
    departments: ['A06'],
    company: 'Direct Retail Ltd',
  },
  /** 03j: frozen and thawed by the administrator. */
  freeze: {
    username: 'e2e-freeze',
    realname: 'Fran Freeze',
    role: 'customer',
    departments: ['A07'],
    company: 'Two-Way Logistics',
  },
  /** 03j: switches between its two departments. */
  switcher: {
    username: 'e2e-switcher',
    realname: 'Sasha Switcher',
    role: 'sales',
    departments: ['A02', 'A03'],
  },
  /** 03l: its header items are hidden by the administrator. */
  headerFlag: {
    username: 'e2e-header-flag',
    realname: 'Hal Header',
    role: 'customer',
    departments: ['A07'],
    company: 'Two-Way Logistics',
  },
  /** 04: fails a login, then signs in. */
  wrongPassword: {
    username: 'e2e-wrong-password',
    realname: 'Wren Wrong',
    role: 'customer',
    departments: ['A08'],
    company: 'Agency Client Co',
  },
  /** 05: fails until the captcha is asked for (and stays asked for). */
  captcha: {
    username: 'e2e-captcha',
    realname: 'Cap Captcha',
    role: 'customer',
    departments: ['A07'],
    company: 'Two-Way Logistics',
  },
  /** 03n: frozen and thawed from the row's More menu on a phone. */
  narrowFreeze: {
    username: 'e2e-narrow-freeze',
    realname: 'Nia Narrow',
    role: 'customer',
    departments: ['A07'],
    company: 'Two-Way Logistics',
  },
  /** 12-sms-tools: signs in with a code sent by SMS (English). */
  phoneEn: {
    username: 'e2e-phone-en',
    realname: 'Phil Phone',
    role: 'customer',
    departments: ['A06'],
    company: 'Direct Retail Ltd',
    phone: '+8613800138701',
  },
  /** 12-sms-tools: signs in with a code sent by SMS (Chinese). */
  phoneZh: {
    username: 'e2e-phone-zh',
    realname: 'Zhou Phone',
    role: 'customer',
    departments: ['A06'],
    company: 'Direct Retail Ltd',
    phone: '+8613800138702',
  },
  /** 12-sms-tools: resets a forgotten password with a code sent by SMS (English). */
  resetEn: {
    username: 'e2e-reset-en',
    realname: 'Rita Reset',
    role: 'customer',
    departments: ['A06'],
    company: 'Direct Retail Ltd',
    phone: '+8613800138703',
  },
  /** 12-sms-tools: resets a forgotten password with a code sent by SMS (Chinese). */
  resetZh: {
    username: 'e2e-reset-zh',
    realname: 'Zhang Reset',
    role: 'customer',
    departments: ['A06'],
    company: 'Direct Retail Ltd',
    phone: '+8613800138704',
  },
  /** 12-sms-tools: asks for a sign-in code an administrator then looks for in the records (English). */
  codeEn: {
    username: 'e2e-code-en',
    realname: 'Cody Code',
    role: 'customer',
    departments: ['A06'],
    company: 'Direct Retail Ltd',
    phone: '+8613800138705',
  },
  /** 12-sms-tools: the same, in Chinese. */
  codeZh: {
    username: 'e2e-code-zh',
    realname: 'Cao Code',
    role: 'customer',
    departments: ['A06'],
    company: 'Direct Retail Ltd',
    phone: '+8613800138706',
  },
  /** 13-roles: no role until the administrator gives it the role the spec creates (English). */
  roleEn: {
    username: 'e2e-role-en',
    realname: 'Rory Role',
    departments: ['A06'],
    company: 'Direct Retail Ltd',
  },
  /** 13-roles: the same, in Chinese. */
  roleZh: {
    username: 'e2e-role-zh',
    realname: 'Rong Role',
    departments: ['A06'],
    company: 'Direct Retail Ltd',
  },
  /** 13-account: edits its profile and avatar (English). */
  profileEn: {
    username: 'e2e-profile-en',
    realname: 'Pia Profile',
    role: 'customer',
    departments: ['A06'],
    company: 'Direct Retail Ltd',
  },
  /** 13-account: edits its profile and avatar (Chinese). */
  profileZh: {
    username: 'e2e-profile-zh',
    realname: 'Zhou Profile',
    role: 'customer',
    departments: ['A06'],
    company: 'Direct Retail Ltd',
  },
} as const satisfies Record<string, SpecUser>;
