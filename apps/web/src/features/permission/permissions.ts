/** The permission codes of System › Menus (seeded in the server's menu-seed). */
export const MENU_PERMISSIONS = {
  add: 'system:permission:add',
  edit: 'system:permission:edit',
  delete: 'system:permission:delete',
} as const;
