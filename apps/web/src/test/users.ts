import type { UserInfo } from '@switchboard/contracts';

/** A signed-in user for unit tests: the demo administrator, with whatever `patch` changes. */
export function testUser(patch: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 'u1',
    username: 'admin',
    realname: 'Ada Admin',
    avatar: null,
    isAdmin: true,
    orgCode: 'A01',
    roles: ['admin'],
    googleAuthBound: false,
    hideHeaderItems: false,
    currency: 'USD',
    ...patch,
  };
}
