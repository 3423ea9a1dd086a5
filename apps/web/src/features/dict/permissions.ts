/** The permission codes of System → Dictionaries (seeded in the server's menu-seed). */
export const DICT_PERMISSIONS = {
  add: 'system:dict:add',
  edit: 'system:dict:edit',
  delete: 'system:dict:delete',
  export: 'system:dict:export',
} as const;
