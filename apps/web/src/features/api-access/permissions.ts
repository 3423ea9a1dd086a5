/** Permission codes of the API access screen (the server's menu seed grants them). */
export const API_ACCESS_PERMISSIONS = {
  view: 'api:access:view',
  keys: 'api:key:manage',
  callback: 'api:callback:edit',
  ipWhiteList: 'api:ipWhiteList:edit',
} as const;
