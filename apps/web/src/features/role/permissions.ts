/** The permission codes of System → Roles (seeded in the server's menu-seed). */
export const ROLE_PERMISSIONS = {
  add: 'system:role:add',
  edit: 'system:role:edit',
  delete: 'system:role:delete',
  authorize: 'system:role:authorize',
  users: 'system:role:users',
} as const;
