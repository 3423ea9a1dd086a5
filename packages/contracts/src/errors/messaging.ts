import type { Locale } from '../constants';

/**
 * Error texts of messaging: SMS templates and sender ids, sending, customer access (HTTP API
 * and SMPP), routing, gateway grants, operators and gateways.
 */
export const messagingErrorTexts = {
  // --- SMS templates and sender ids (issue 12) ---
  SENDER_INVALID: {
    'en-US': 'A sender id has only letters, digits and underscore: at most 11 characters, or 15 digits',
    'zh-CN': '发送方ID只能包含字母、数字和下划线：最多11个字符，纯数字最多15位',
  },
  SENDER_EXISTS: {
    'en-US': 'This sender id already exists for the company',
    'zh-CN': '该公司已存在此发送方ID',
  },
  SENDER_NOT_APPROVED: {
    'en-US': 'The sender id is not an approved sender id of the company',
    'zh-CN': '该发送方ID不是本公司已审核通过的发送方ID',
  },
  TEMPLATE_NAME_TAKEN: {
    'en-US': 'A template with this name already exists for the company',
    'zh-CN': '该公司已存在同名模板',
  },
  TEMPLATE_KIND_REQUIRED: {
    'en-US': 'Choose at least one SMS kind for the template',
    'zh-CN': '请为模板至少选择一种短信类型',
  },
  TEMPLATE_KIND_INVALID: {
    'en-US': 'Kinds must be marketing, notification, otp or premium_otp, separated by commas',
    'zh-CN': '短信类型必须是营销短信、通知短信、验证码或高级验证码，多个用逗号分隔',
  },
  TEMPLATE_REQUIRED: {
    'en-US':
      'Your company sends marketing and notification texts from approved templates only: no approved template matches this text',
    'zh-CN': '贵公司的营销和通知短信只能使用审核通过的模板：没有与该内容匹配的已审核模板',
  },
  TEMPLATE_NOT_APPROVED: {
    'en-US': 'The template is not approved for this SMS kind',
    'zh-CN': '该模板未审核通过或不适用于此短信类型',
  },
  TEMPLATE_TEXT_MISMATCH: {
    'en-US': 'The text does not match the chosen template',
    'zh-CN': '短信内容与所选模板不符',
  },
  REVIEW_REASON_REQUIRED: {
    'en-US': 'Please give the reason for the rejection',
    'zh-CN': '请填写驳回原因',
  },
  REVIEW_ALREADY_DONE: {
    'en-US': 'It already has this review result',
    'zh-CN': '已是该审核结果',
  },
  REVIEW_OWN_COMPANY: {
    'en-US': 'Your own company’s templates and sender ids are reviewed by the platform',
    'zh-CN': '本公司的模板和发送方ID由平台审核',
  },
  TEMPLATE_PASSED_NOTICE_TITLE: { 'en-US': 'SMS template approved', 'zh-CN': '短信模板审核通过' },
  TEMPLATE_PASSED_NOTICE: {
    'en-US': 'The SMS template “{name}” of {company} has passed review and can be used.',
    'zh-CN': '{company} 的短信模板“{name}”已审核通过，可以使用。',
  },
  TEMPLATE_FAILED_NOTICE_TITLE: { 'en-US': 'SMS template rejected', 'zh-CN': '短信模板审核未通过' },
  TEMPLATE_FAILED_NOTICE: {
    'en-US': 'The SMS template “{name}” of {company} was rejected. Reason: {reason}',
    'zh-CN': '{company} 的短信模板“{name}”审核未通过。原因：{reason}',
  },
  SENDER_PASSED_NOTICE_TITLE: { 'en-US': 'Sender id approved', 'zh-CN': '发送方ID审核通过' },
  SENDER_PASSED_NOTICE: {
    'en-US': 'The sender id {sender} of {company} has passed review and can be used.',
    'zh-CN': '{company} 的发送方ID {sender} 已审核通过，可以使用。',
  },
  SENDER_FAILED_NOTICE_TITLE: { 'en-US': 'Sender id rejected', 'zh-CN': '发送方ID审核未通过' },
  SENDER_FAILED_NOTICE: {
    'en-US': 'The sender id {sender} of {company} was rejected. Reason: {reason}',
    'zh-CN': '{company} 的发送方ID {sender} 审核未通过。原因：{reason}',
  },
  // SMS sending (issue 12)
  SCHEDULE_IN_PAST: {
    'en-US': 'The scheduled time must not be earlier than now',
    'zh-CN': '定时发送时间不能早于当前时间',
  },
  NUMBER_DUPLICATE: { 'en-US': 'The number is repeated', 'zh-CN': '号码重复' },
  SMS_NO_COMPANY: {
    'en-US': 'Only a user of a company can send messages',
    'zh-CN': '只有公司用户可以发送短信',
  },
  SMS_SEND_REFUSED: { 'en-US': 'The message cannot be sent: {reason}', 'zh-CN': '短信无法发送：{reason}' },
  SMS_BATCH_NOT_CANCELLABLE: {
    'en-US': 'Only a scheduled send that has not started can be cancelled',
    'zh-CN': '只能取消尚未开始的定时发送',
  },
  SMS_NO_GATEWAY: {
    'en-US': 'No gateway could take the message before it expired',
    'zh-CN': '短信在有效期内没有通道可以接收',
  },
  SMS_EXPORT_PAST_WEEK: {
    'en-US': 'Records can be exported for the past {days} days only',
    'zh-CN': '只能导出最近{days}天的记录',
  },
  SMS_IMPORT_NO_NUMBERS: {
    'en-US': 'The file has no numbers (one per line, or a column named number)',
    'zh-CN': '文件中没有号码（每行一个，或名为“号码”的列）',
  },
  // Customer access: the HTTP API and the SMPP server (issue 12)
  API_BASIC_AUTH_REQUIRED: {
    'en-US': 'Authenticate with HTTP Basic: your API key as the user name and its secret as the password',
    'zh-CN': '请使用 HTTP Basic 认证：用户名为 API 密钥，密码为其密钥口令',
  },
  API_CREDENTIALS_INVALID: { 'en-US': 'Wrong API key or secret', 'zh-CN': 'API 密钥或口令错误' },
  IDEMPOTENCY_KEY_INVALID: {
    'en-US': 'The Idempotency-Key header must be 1 to 128 visible ASCII characters',
    'zh-CN': 'Idempotency-Key 请求头须为 1 到 128 个可见 ASCII 字符',
  },
  SMPP_SYSTEM_ID_TAKEN: {
    'en-US': 'The system id {systemId} is already taken',
    'zh-CN': '系统ID {systemId} 已被使用',
  },
  SMPP_ADDRESS_INVALID: {
    'en-US': '{value} is not an IP address or CIDR range',
    'zh-CN': '{value} 不是有效的IP地址或CIDR网段',
  },
  SMPP_BINDS_LOCKED_NOTICE_TITLE: {
    'en-US': 'SMPP account locked after failed binds',
    'zh-CN': 'SMPP账号因多次绑定失败被锁定',
  },
  SMPP_BINDS_LOCKED_NOTICE: {
    'en-US':
      'SMPP account {systemId} ({company}): {failures} failed binds in {windowMinutes} minutes. Binds of this account from {address} are refused for {minutes} minutes; other addresses are not affected. If these were not your systems, someone is guessing the password: change it.',
    'zh-CN':
      'SMPP账号 {systemId}（{company}）：{windowMinutes} 分钟内绑定失败 {failures} 次。来自 {address} 的该账号绑定在 {minutes} 分钟内将被拒绝；其他地址不受影响。如这些不是您的系统，说明有人在猜测密码：请修改密码。',
  },
  OK: { 'en-US': 'Success', 'zh-CN': '操作成功' },
  LOGIN_OK: { 'en-US': 'Login successful', 'zh-CN': '登录成功' },
  SMS_CODE_SENT: {
    'en-US': 'If the phone belongs to an account, a code is on its way',
    'zh-CN': '如该手机号已绑定账号，验证码已发送',
  },
  PASSWORD_RESET: { 'en-US': 'Password reset, please log in', 'zh-CN': '密码已重置，请登录' },
  LOGOUT_OK: { 'en-US': 'Logged out', 'zh-CN': '退出登录成功' },
  DUPLICATE_OK: { 'en-US': 'This value is available', 'zh-CN': '该值可用！' },
  // --- SMS routing, gateway grants and operators (issue 12) ---
  NO_ROUTE: {
    'en-US': 'No route: no enabled route matches this number and kind for the company',
    'zh-CN': '无可用路由：没有匹配该号码和短信类型的已启用路由',
  },
  ROUTE_GATEWAYS_REQUIRED: { 'en-US': 'Choose at least one gateway', 'zh-CN': '请至少选择一个通道' },
  ROUTE_GATEWAYS_TOO_MANY: {
    'en-US': 'A route has at most {max} gateways',
    'zh-CN': '一条路由最多{max}个通道',
  },
  ROUTE_GATEWAY_DUPLICATE: {
    'en-US': 'A gateway is named twice in the route',
    'zh-CN': '路由中有重复的通道',
  },
  ROUTE_GATEWAY_UNKNOWN: { 'en-US': 'Gateway {name} does not exist', 'zh-CN': '通道{name}不存在' },
  ROUTE_WEIGHTS_ZERO: {
    'en-US': 'A weighted route needs at least one gateway with a weight above 0',
    'zh-CN': '按权重分配的路由至少需要一个权重大于0的通道',
  },
  ROUTE_MNC_WITHOUT_MCC: { 'en-US': 'An MNC needs an MCC', 'zh-CN': '填写MNC时必须填写MCC' },
  ROUTE_WINDOW_INCOMPLETE: {
    'en-US': 'A time window needs both a start and an end time',
    'zh-CN': '时间段需要同时填写开始和结束时间',
  },
  ROUTE_WINDOW_EMPTY: {
    'en-US': 'The start and end of the time window must differ',
    'zh-CN': '时间段的开始和结束时间不能相同',
  },
  ROUTE_COUNTRY_MISMATCH: {
    'en-US': 'The prefix or operator does not belong to country {country}',
    'zh-CN': '号段或运营商不属于国家/地区{country}',
  },
  GATEWAY_GRANT_NOT_RESELLER: {
    'en-US': 'Gateways are granted to distributor or agent companies only',
    'zh-CN': '只能给分销商或代理公司分配通道',
  },
  GATEWAY_NOT_GRANTED: {
    'en-US': 'Gateway {name} is not among the gateways granted to you',
    'zh-CN': '通道{name}不在分配给您的通道中',
  },
  OPERATOR_DUPLICATE: {
    'en-US': 'An operator with MCC {mcc} and MNC {mnc} already exists',
    'zh-CN': 'MCC {mcc}、MNC {mnc} 的运营商已存在',
  },
  OPERATOR_PREFIX_COUNTRY: {
    'en-US': 'Prefix {prefix} does not start with the calling code of {country} (+{code})',
    'zh-CN': '号段{prefix}不是以{country}的国家代码（+{code}）开头',
  },
  // --- SMS gateways (issue 12) ---
  NUMBER_TOO_SMALL: { 'en-US': '{field} must be at least {min}', 'zh-CN': '{field}不能小于{min}' },
  NUMBER_TOO_LARGE: { 'en-US': '{field} must be at most {max}', 'zh-CN': '{field}不能大于{max}' },
  GATEWAY_NOT_FOUND: { 'en-US': 'The gateway does not exist', 'zh-CN': '通道不存在' },
  GATEWAY_NAME_TAKEN: {
    'en-US': 'A gateway with this name already exists',
    'zh-CN': '已存在同名的通道',
  },
  GATEWAY_IN_USE: {
    'en-US': 'The gateway {name} is in use ({usage}): remove it there first',
    'zh-CN': '通道{name}正在使用中（{usage}），请先解除使用',
  },
  GATEWAY_HOST_INVALID: {
    'en-US': '{field} must be a host name or an IP address',
    'zh-CN': '{field}必须是主机名或IP地址',
  },
  GATEWAY_RECONNECT_RANGE: {
    'en-US': 'The longest reconnect wait cannot be shorter than the first',
    'zh-CN': '最长重连间隔不能小于首次重连间隔',
  },
  GATEWAY_ERROR_CODE_INVALID: {
    'en-US': 'Error codes are decimal (001) or hex (0x0b)',
    'zh-CN': '错误码须为十进制（如001）或十六进制（如0x0b）',
  },
  GATEWAY_ERROR_STATUS_INVALID: {
    'en-US': 'An error code maps to delivered, undeliverable, expired, rejected or failed',
    'zh-CN': '错误码只能映射为：已送达、无法送达、已过期、已拒绝或失败',
  },
  GATEWAY_ERROR_MAP_TOO_LARGE: {
    'en-US': 'The error map holds at most 200 codes',
    'zh-CN': '错误码映射最多200条',
  },
  METRICS_NOT_ALLOWED: {
    'en-US':
      'Metrics are not open to this caller: send METRICS_TOKEN as a Bearer token, or call from an address in METRICS_ALLOW',
    'zh-CN': '无权读取监控指标：请以 Bearer 方式携带 METRICS_TOKEN，或从 METRICS_ALLOW 允许的地址访问',
  },
  DATABASE_UNAVAILABLE: {
    'en-US': 'The database is unavailable right now: please try again shortly',
    'zh-CN': '数据库暂时不可用，请稍后重试',
  },
} as const satisfies Record<string, Record<Locale, string>>;
