import type { Locale } from '../constants';

/**
 * Error texts of accounts and money: logs and one's account, registration, balances, orders
 * and payments, payouts, API access and callbacks, rates, companies.
 */
export const businessErrorTexts = {
  // --- Logs and my account (issue 13) ---
  VISIT_PERIOD_INVALID: {
    'en-US': 'Choose a period of at most {days} days, the start not after the end',
    'zh-CN': '请选择不超过{days}天的时间段，开始日期不能晚于结束日期',
  },
  AVATAR_TYPE_INVALID: {
    'en-US': 'The avatar must be a PNG, JPEG, GIF or WebP image',
    'zh-CN': '头像必须是 PNG、JPEG、GIF 或 WebP 图片',
  },
  AVATAR_TOO_LARGE: {
    'en-US': 'The avatar image is larger than {max} KB',
    'zh-CN': '头像图片不能超过{max}千字节',
  },
  AVATAR_FILE_REQUIRED: { 'en-US': 'Choose an image to upload', 'zh-CN': '请选择要上传的图片' },
  TOTP_NOT_BOUND: { 'en-US': 'Google Authenticator is not bound', 'zh-CN': '尚未绑定谷歌验证器' },
  UNBIND_PROOF_REQUIRED: {
    'en-US': 'Enter your password or a code from Google Authenticator',
    'zh-CN': '请输入登录密码或谷歌验证码',
  },
  PASSWORD_WRONG: { 'en-US': 'The password is incorrect', 'zh-CN': '密码错误' },
  PROFILE_SAVED: { 'en-US': 'Profile saved', 'zh-CN': '个人资料已保存' },
  COMPANY_EXISTS: { 'en-US': 'The company already exists', 'zh-CN': '公司已存在' },
  USERNAME_EXISTS: { 'en-US': 'This username is taken', 'zh-CN': '该用户名已被使用' },
  PHONE_EXISTS: { 'en-US': 'This phone number is already registered', 'zh-CN': '该手机号已注册' },
  EMAIL_EXISTS: { 'en-US': 'This email address is already registered', 'zh-CN': '该邮箱已注册' },
  REGISTERED: {
    'en-US': 'Registration received: the account can sign in once it is approved',
    'zh-CN': '注册成功：审核通过后即可登录',
  },
  MONEY_INVALID: {
    'en-US': '{field} must be an amount such as 12.50',
    'zh-CN': '{field}必须是金额，例如 12.50',
  },
  MONEY_TOO_MANY_DECIMALS: {
    'en-US': '{field} may have at most {max} decimal places',
    'zh-CN': '{field}最多{max}位小数',
  },
  MONEY_NOT_POSITIVE: { 'en-US': '{field} must be greater than 0', 'zh-CN': '{field}必须大于0' },
  MONEY_TOO_LARGE: { 'en-US': '{field} must be at most {max}', 'zh-CN': '{field}不能超过{max}' },
  BALANCE_INSUFFICIENT: { 'en-US': 'Balance insufficient', 'zh-CN': '余额不足' },
  BALANCE_OUT_OF_RANGE: {
    'en-US': 'The balance would exceed the largest amount the platform keeps',
    'zh-CN': '余额将超出平台可记录的最大金额',
  },
  IDEMPOTENCY_KEY_REUSED: {
    'en-US': 'This idempotency key was already used for a different request',
    'zh-CN': '该幂等键已用于另一笔不同的请求',
  },
  TRANSFER_TO_SELF: {
    'en-US': 'A transfer needs two different companies',
    'zh-CN': '转账的双方必须是不同的公司',
  },
  TOP_UP_AMOUNT_RANGE: {
    'en-US': '{field} must be between {min} and {max}',
    'zh-CN': '{field}必须在{min}到{max}之间',
  },
  ORDER_NO_COMPANY: {
    'en-US': 'Only a user of a company can top up its balance',
    'zh-CN': '只有公司的用户才能为公司充值',
  },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    'en-US': 'The payment provider is not available, please try again later',
    'zh-CN': '支付服务暂不可用，请稍后再试',
  },
  PAYMENT_SIGNATURE_INVALID: {
    'en-US': 'Payment notification signature is invalid',
    'zh-CN': '支付通知签名无效',
  },
  PAYMENT_EVENT_INVALID: {
    'en-US': 'Payment notification could not be read',
    'zh-CN': '无法解析支付通知',
  },
  PAYMENT_ISSUE_NOT_OPEN: {
    'en-US': 'This payment has already been resolved',
    'zh-CN': '该笔付款已处理',
  },
  PAYMENT_ISSUE_NO_COMPANY: {
    'en-US': 'This payment names no known order, so no company to credit: dismiss it with a note',
    'zh-CN': '该笔付款没有对应的已知订单，无法确定入账公司：请填写说明后忽略',
  },
  PAYMENT_ISSUE_AMOUNT_REQUIRED: {
    'en-US': 'This payment is in {currency}: enter the amount to credit in {platform}',
    'zh-CN': '该笔付款币种为{currency}：请填写以{platform}计的入账金额',
  },
  PAYOUT_RESELLERS_ONLY: {
    'en-US': 'Only distributors and agents can withdraw commission',
    'zh-CN': '只有分销商和代理商可以提取佣金',
  },
  PAYOUT_OVER_COMMISSION: {
    'en-US': 'The amount is more than the commission available ({available})',
    'zh-CN': '金额超过可提取的佣金（{available}）',
  },
  PAYOUT_NOT_PENDING: {
    'en-US': 'This payout request has already been decided',
    'zh-CN': '该提现申请已处理',
  },
  API_KEY_DISABLED: { 'en-US': 'This API key is disabled', 'zh-CN': '该API密钥已停用' },
  API_KEY_REVOKED: { 'en-US': 'This API key has been revoked', 'zh-CN': '该API密钥已吊销' },
  API_IP_NOT_ALLOWED: {
    'en-US': 'The address {ip} is not in the API IP whitelist',
    'zh-CN': '地址 {ip} 不在API IP白名单中',
  },
  API_COMPANY_NOT_ACTIVE: {
    'en-US': 'The company’s account is not active (not approved, frozen or disabled)',
    'zh-CN': '公司账户未启用（未审核、已冻结或已停用）',
  },
  API_SECRET_UNREADABLE: {
    'en-US': 'The server cannot read this key’s secret (its encryption key changed): rotate the key',
    'zh-CN': '服务器无法读取该密钥的Secret（加密密钥已更改），请轮换该密钥',
  },
  API_KEY_LIMIT: {
    'en-US': 'A company may hold at most {max} API keys: revoke one first',
    'zh-CN': '每个公司最多可拥有{max}个API密钥，请先吊销一个',
  },
  API_IP_RULE_EXISTS: {
    'en-US': 'This address or range is already in the API IP whitelist',
    'zh-CN': '该地址或网段已在API IP白名单中',
  },
  API_IP_RULES_LIMIT: {
    'en-US': 'The API IP whitelist holds at most {max} entries',
    'zh-CN': 'API IP白名单最多{max}条',
  },
  CALLBACK_URL_SCHEME: {
    'en-US': 'The callback URL must start with http:// or https://',
    'zh-CN': '回调地址必须以 http:// 或 https:// 开头',
  },
  CALLBACK_URL_INVALID: { 'en-US': 'The callback URL is not a valid address', 'zh-CN': '回调地址格式不正确' },
  CALLBACK_URL_CREDENTIALS: {
    'en-US': 'The callback URL must not contain a user name or password',
    'zh-CN': '回调地址不能包含用户名或密码',
  },
  CALLBACK_URL_PRIVATE: {
    'en-US':
      'The callback URL leads to a private, loopback or link-local address ({address}), which is not allowed',
    'zh-CN': '回调地址指向私有、回环或链路本地地址（{address}），不允许使用',
  },
  CALLBACK_URL_NOT_SET: { 'en-US': 'No callback URL is set', 'zh-CN': '尚未设置回调地址' },
  CALLBACK_TIMEOUT: {
    'en-US': 'No answer within {seconds} seconds',
    'zh-CN': '{seconds}秒内没有响应',
  },
  CALLBACK_REFUSED: { 'en-US': 'Connection refused by {host}', 'zh-CN': '{host} 拒绝连接' },
  CALLBACK_DNS: { 'en-US': 'Host {host} not found', 'zh-CN': '找不到主机 {host}' },
  CALLBACK_TLS: { 'en-US': 'TLS (certificate) error: {detail}', 'zh-CN': 'TLS（证书）错误：{detail}' },
  CALLBACK_RESET: {
    'en-US': 'The connection was closed before an answer came',
    'zh-CN': '连接在收到响应前被关闭',
  },
  CALLBACK_NETWORK: { 'en-US': 'Network error: {detail}', 'zh-CN': '网络错误：{detail}' },
  RATE_NOT_FOUND: { 'en-US': 'Rate does not exist', 'zh-CN': '费率不存在' },
  RATE_GROUP_IN_USE: {
    'en-US': 'The rate group is assigned to {count} company(ies): assign them another group first',
    'zh-CN': '该费率组已分配给{count}家公司，请先为其分配其他费率组',
  },
  RATE_GROUP_NOT_ASSIGNABLE: {
    'en-US':
      "This rate group cannot be given to this company: choose one of the platform's groups or of the company's reseller",
    'zh-CN': '不能为该公司分配此费率组：请选择平台或该公司上级代理商的费率组',
  },
  RATE_GROUP_NAME_TAKEN: {
    'en-US': 'A rate group with this name already exists',
    'zh-CN': '已存在同名的费率组',
  },
  RATE_GROUP_KIND_MISMATCH: {
    'en-US': 'The rate group is not a {kind} group',
    'zh-CN': '该费率组不是{kind}类型',
  },
  RATE_DUPLICATE: {
    'en-US': 'A rate for this destination already exists in the group: {rows}',
    'zh-CN': '该费率组中已存在此目的地的费率：{rows}',
  },
  RATE_DUPLICATE_ROW: {
    'en-US': 'Same destination as row {row} of the file',
    'zh-CN': '与文件第{row}行的目的地重复',
  },
  RATE_GROUPS_IN_USE: {
    'en-US':
      'Still assigned to companies, so nothing was deleted: {names}. Assign those companies other groups first',
    'zh-CN': '以下费率组仍分配给公司，未删除任何费率组：{names}。请先为这些公司分配其他费率组',
  },
  RATE_SMS_KIND_REQUIRED: {
    'en-US': 'An SMS rate needs its SMS kind',
    'zh-CN': '短信费率必须指定短信类型',
  },
  RATE_PREFIX_COUNTRY: {
    'en-US': 'The prefix {prefix} does not belong to {country} (+{dial})',
    'zh-CN': '号段{prefix}不属于{country}（+{dial}）',
  },
  RATE_PREFIX_AND_OPERATOR: {
    'en-US': 'A rate is narrowed by a number prefix or by an operator, not both',
    'zh-CN': '费率只能按号段或按运营商细分，不能同时指定',
  },
  RATE_MNC_WITHOUT_MCC: { 'en-US': 'An MNC needs its MCC', 'zh-CN': '指定MNC时必须指定MCC' },
  COUNTRY_UNKNOWN: { 'en-US': 'Unknown country {country}', 'zh-CN': '未知的国家/地区{country}' },
  RATE_BELOW_RESELLER: {
    'en-US': 'A customer rate may not be lower than the reseller’s own rate: {rows}',
    'zh-CN': '客户费率不能低于代理商自身费率：{rows}',
  },
  RATE_IMPORT_INVALID: {
    'en-US': '{count} row(s) have errors: nothing was imported',
    'zh-CN': '有{count}行存在错误，未导入任何数据',
  },
  NUMBER_INVALID: {
    'en-US': 'The phone number is not a valid international number',
    'zh-CN': '该电话号码不是有效的国际号码',
  },
  MONEY_NEGATIVE: { 'en-US': '{field} cannot be negative', 'zh-CN': '{field}不能为负数' },
  COMPANY_FROZEN: {
    'en-US': 'Your company is frozen: contact your account manager',
    'zh-CN': '您所在的公司已被冻结，请联系您的客户经理',
  },
  COMPANY_DISABLED: {
    'en-US': 'Your company is disabled: contact your account manager',
    'zh-CN': '您所在的公司已被停用，请联系您的客户经理',
  },
  COMPANY_REJECTED: {
    'en-US': 'Your company registration was rejected: {reason}',
    'zh-CN': '您的公司注册未通过审核：{reason}',
  },
  COMPANY_NOT_FOUND: { 'en-US': 'The company does not exist', 'zh-CN': '公司不存在' },
  COMPANY_NOT_WAITING: {
    'en-US': 'This company is not waiting for review',
    'zh-CN': '该公司不在待审核状态',
  },
  COMPANY_ALREADY_APPROVED: {
    'en-US': 'This company is already approved',
    'zh-CN': '该公司已审核通过',
  },
  COMPANY_PARENT_INVALID: {
    'en-US': 'The parent must be a distributor or agent company',
    'zh-CN': '上级必须是分销商或代理公司',
  },
  COMPANY_TYPE_NOT_ALLOWED: {
    'en-US': 'You cannot create a company of this type',
    'zh-CN': '您不能创建该类型的公司',
  },
  COMPANY_NOT_APPROVED_CANNOT_SEND: {
    'en-US': 'The company is not approved, frozen or disabled: it cannot send',
    'zh-CN': '公司未审核、已冻结或已停用，无法发送',
  },
  SALES_USER_INVALID: {
    'en-US': 'The sales user does not exist or is not a sales user',
    'zh-CN': '销售人员不存在或不是销售角色',
  },
  CANNOT_FREEZE_OWN_COMPANY: {
    'en-US': 'You cannot freeze or disable your own company',
    'zh-CN': '不能冻结或停用自己所在的公司',
  },
  COMPANY_APPROVED_NOTICE_TITLE: {
    'en-US': 'Your company has been approved',
    'zh-CN': '您的公司已审核通过',
  },
  COMPANY_APPROVED_NOTICE: {
    'en-US': 'Welcome: {company} has been approved and can now use the platform.',
    'zh-CN': '欢迎：{company} 已审核通过，现在可以使用平台。',
  },
  COMPANY_REJECTED_NOTICE_TITLE: {
    'en-US': 'Your company registration was rejected',
    'zh-CN': '您的公司注册未通过审核',
  },
  COMPANY_REJECTED_NOTICE: {
    'en-US': 'The registration of {company} was rejected. Reason: {reason}',
    'zh-CN': '{company} 的注册未通过审核。原因：{reason}',
  },
} as const satisfies Record<string, Record<Locale, string>>;
