import type { Locale } from '../constants';

/** Error and notice texts of voice trunks, SIP accounts, voice routes, caller IDs and caller groups (issue 23). */
export const voiceTrunkErrorTexts = {
  TRUNK_NOT_FOUND: { 'en-US': 'The trunk does not exist', 'zh-CN': '线路不存在' },
  TRUNK_NAME_TAKEN: { 'en-US': 'A trunk with this name already exists', 'zh-CN': '已存在同名的线路' },
  TRUNK_IN_USE: {
    'en-US': 'Trunk {name} is used by {usage}',
    'zh-CN': '线路{name}正被{usage}使用',
  },
  TRUNK_HOST_INVALID: { 'en-US': 'Enter a host name or IP address', 'zh-CN': '请输入主机名或IP地址' },
  TRUNK_CODECS_REQUIRED: { 'en-US': 'Choose at least one codec', 'zh-CN': '请至少选择一种编码' },
  TRUNK_CODEC_DUPLICATE: { 'en-US': 'A codec is named twice', 'zh-CN': '编码重复' },
  TRUNK_SIP_ACCOUNT_REQUIRED: {
    'en-US': 'A trunk that registers needs a SIP account',
    'zh-CN': '注册方式的线路需要选择SIP账号',
  },
  TRUNK_CALLER_GROUP_REQUIRED: {
    'en-US': 'Choose the caller group the caller ID is taken from',
    'zh-CN': '请选择主叫号码组',
  },
  TRUNK_FIXED_CALLER_REQUIRED: { 'en-US': 'Enter the fixed caller ID', 'zh-CN': '请输入固定主叫号码' },
  TRUNK_STRIP_PREFIX_REQUIRED: {
    'en-US': 'Enter the prefix to strip from the caller ID',
    'zh-CN': '请输入要去掉的主叫号码前缀',
  },
  SIP_ACCOUNT_NOT_FOUND: { 'en-US': 'The SIP account does not exist', 'zh-CN': 'SIP账号不存在' },
  SIP_ACCOUNT_TAKEN: {
    'en-US': 'A SIP account with this username and realm already exists',
    'zh-CN': '已存在相同用户名和域的SIP账号',
  },
  SIP_ACCOUNT_IN_USE: {
    'en-US': 'SIP account {name} is used by trunk {usage}',
    'zh-CN': 'SIP账号{name}正被线路{usage}使用',
  },
  SIP_USERNAME_INVALID: {
    'en-US': 'A SIP username has letters, digits and - _ . ! ~ * + only',
    'zh-CN': 'SIP用户名只能包含字母、数字和 - _ . ! ~ * +',
  },
  VOICE_ROUTE_NOT_FOUND: { 'en-US': 'The voice route does not exist', 'zh-CN': '语音路由不存在' },
  VOICE_ROUTE_TRUNKS_REQUIRED: { 'en-US': 'Choose at least one trunk', 'zh-CN': '请至少选择一条线路' },
  VOICE_ROUTE_TRUNK_DUPLICATE: {
    'en-US': 'A trunk is named twice in the route',
    'zh-CN': '路由中有重复的线路',
  },
  VOICE_ROUTE_TRUNK_UNKNOWN: {
    'en-US': 'A trunk of the route does not exist',
    'zh-CN': '路由中的线路不存在',
  },
  NO_VOICE_ROUTE: {
    'en-US': 'No voice route: no enabled route with an enabled trunk matches this number',
    'zh-CN': '无可用语音路由：没有匹配该号码且线路可用的已启用路由',
  },
  VOICE_NUMBER_INVALID: {
    'en-US': 'Enter the number in international form (country code first)',
    'zh-CN': '请输入国际格式的号码（以国家代码开头）',
  },
  CALLER_ID_NOT_FOUND: { 'en-US': 'The caller ID does not exist', 'zh-CN': '主叫号码不存在' },
  CALLER_ID_TAKEN: {
    'en-US': 'The company already has caller ID {number}',
    'zh-CN': '该公司已有主叫号码{number}',
  },
  CALLER_NUMBER_INVALID: {
    'en-US': 'A caller ID has 3 to 20 digits',
    'zh-CN': '主叫号码为3到20位数字',
  },
  CALLER_GROUP_NOT_FOUND: { 'en-US': 'The caller group does not exist', 'zh-CN': '主叫号码组不存在' },
  CALLER_GROUP_NAME_TAKEN: {
    'en-US': 'The company already has a caller group with this name',
    'zh-CN': '该公司已有同名的主叫号码组',
  },
  CALLER_GROUP_MEMBERS_REQUIRED: {
    'en-US': 'Choose at least one caller ID',
    'zh-CN': '请至少选择一个主叫号码',
  },
  CALLER_GROUP_MEMBER_DUPLICATE: { 'en-US': 'A caller ID is named twice', 'zh-CN': '主叫号码重复' },
  CALLER_GROUP_MEMBER_UNKNOWN: {
    'en-US': 'A caller ID of the group does not exist or belongs to another company',
    'zh-CN': '号码组中的主叫号码不存在或属于其他公司',
  },
  CALLER_GROUP_EMPTY: {
    'en-US': 'The caller group has no enabled caller ID',
    'zh-CN': '主叫号码组中没有启用的主叫号码',
  },
  GATEWAY_NOTIFY_NOBODY: {
    'en-US': 'Choose the roles that are told',
    'zh-CN': '请选择接收通知的角色',
  },
  TRUNK_DOWN_TITLE: { 'en-US': 'Trunk down: {name}', 'zh-CN': '线路中断：{name}' },
  TRUNK_DOWN_TEXT: {
    'en-US': 'Trunk {name} ({host}) is unreachable since {since}: {error}',
    'zh-CN': '线路{name}（{host}）自{since}起不可达：{error}',
  },
  TRUNK_UP_TITLE: { 'en-US': 'Trunk back: {name}', 'zh-CN': '线路恢复：{name}' },
  TRUNK_UP_TEXT: {
    'en-US': 'Trunk {name} ({host}) is reachable again since {since}',
    'zh-CN': '线路{name}（{host}）自{since}起恢复可达',
  },
} as const satisfies Record<string, Record<Locale, string>>;
