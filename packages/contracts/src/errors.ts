import type { Locale } from './constants';

/**
 * Stable error codes. The server answers `code` with the HTTP status and `message` in the
 * caller's language; clients may switch on `errorCode`.
 */
export const errorTexts = {
  UNAUTHORIZED: { 'en-US': 'Unauthorized, please log in again', 'zh-CN': '未授权，请重新登录' },
  TOKEN_INVALID: { 'en-US': 'Token invalid, please log in again', 'zh-CN': '登录凭证已失效，请重新登录' },
  SESSION_ENDED: {
    'en-US':
      'Your session has ended (signed out elsewhere, password changed or account frozen), please log in again',
    'zh-CN': '您的登录已结束（在别处退出、修改了密码或账号被冻结），请重新登录',
  },
  LOGIN_EXPIRED: { 'en-US': 'Login expired, please log in again', 'zh-CN': '登录已过期，请重新登录' },
  ACCESS_DENIED: { 'en-US': 'Access denied', 'zh-CN': '拒绝访问' },
  NO_OPERATION_PERMISSION: { 'en-US': 'No operation permission', 'zh-CN': '没有操作权限' },
  NOT_ENOUGH_PERMISSIONS: {
    'en-US': 'Not enough permissions, contact the administrator',
    'zh-CN': '权限不足，请联系管理员',
  },
  NOT_FOUND: { 'en-US': 'Resource not found', 'zh-CN': '资源不存在' },
  NETWORK_TIMEOUT: { 'en-US': 'Network timeout', 'zh-CN': '网络超时' },
  TOO_MANY_REQUESTS: {
    'en-US': 'Too many requests, please try again later',
    'zh-CN': '请求过于频繁，请稍后再试',
  },
  PAYLOAD_TOO_LARGE: { 'en-US': 'Request body is too large', 'zh-CN': '请求内容过大' },
  VALIDATION_FAILED: { 'en-US': 'Invalid input', 'zh-CN': '输入无效' },
  FIELD_REQUIRED: { 'en-US': '{field} is required', 'zh-CN': '{field}不能为空' },
  FIELD_INVALID_TYPE: { 'en-US': '{field} has the wrong type', 'zh-CN': '{field}类型错误' },
  FIELD_TOO_LONG: { 'en-US': '{field} must be at most {max} characters', 'zh-CN': '{field}最多{max}个字符' },
  FIELD_TOO_SHORT: {
    'en-US': '{field} must be at least {min} characters',
    'zh-CN': '{field}至少{min}个字符',
  },
  FIELD_INVALID: { 'en-US': '{field} is invalid', 'zh-CN': '{field}格式不正确' },
  FIELD_TOO_LARGE: { 'en-US': '{field} must be at most {max}', 'zh-CN': '{field}不能大于{max}' },
  FIELD_TOO_SMALL: { 'en-US': '{field} must be at least {min}', 'zh-CN': '{field}不能小于{min}' },
  FIELD_TOO_MANY: { 'en-US': '{field} can have at most {max} items', 'zh-CN': '{field}最多{max}项' },
  FIELD_TOO_FEW: { 'en-US': '{field} needs at least {min} items', 'zh-CN': '{field}至少{min}项' },
  FIELD_TOO_LATE: { 'en-US': '{field} must be no later than {max}', 'zh-CN': '{field}不能晚于{max}' },
  FIELD_TOO_EARLY: { 'en-US': '{field} must be no earlier than {min}', 'zh-CN': '{field}不能早于{min}' },
  DATE_OUT_OF_RANGE: {
    'en-US': '{field} must be a date from {min} to {max}',
    'zh-CN': '{field}须为{min}至{max}之间的日期',
  },
  TEXT_INVALID_CHARACTERS: {
    'en-US': '{field} contains characters that cannot be saved',
    'zh-CN': '{field}包含无法保存的字符',
  },
  URL_TOO_LONG: { 'en-US': 'The address is too long', 'zh-CN': '请求地址过长' },
  HEADERS_TOO_LARGE: { 'en-US': 'The request headers are too large', 'zh-CN': '请求头过大' },
  BAD_REQUEST: { 'en-US': 'The request is malformed', 'zh-CN': '请求格式错误' },
  BAD_URL: { 'en-US': 'The address is malformed', 'zh-CN': '请求地址格式错误' },
  UNSUPPORTED_MEDIA_TYPE: { 'en-US': 'Unsupported content type', 'zh-CN': '不支持的内容类型' },
  METHOD_NOT_ALLOWED: { 'en-US': 'Method not allowed', 'zh-CN': '不支持该请求方法' },
  INTERNAL_ERROR: { 'en-US': 'Internal server error', 'zh-CN': '服务器内部错误' },
  WRONG_CREDENTIALS: { 'en-US': 'Wrong username or password', 'zh-CN': '用户名或密码错误' },
  CAPTCHA_INVALID: {
    'en-US': 'Verification code invalid or incorrect',
    'zh-CN': '验证码无效或错误',
  },
  CAPTCHA_REQUIRED: { 'en-US': 'Please enter the verification code', 'zh-CN': '请输入验证码' },
  GOOGLE_CODE_INVALID: { 'en-US': 'Google code empty or wrong', 'zh-CN': '谷歌验证码为空或错误' },
  LOGIN_IP_NOT_ALLOWED: { 'en-US': 'Login IP not in the whitelist', 'zh-CN': '登录IP不在白名单中' },
  ACCOUNT_FROZEN: { 'en-US': 'Account frozen', 'zh-CN': '该用户已冻结' },
  ACCOUNT_LOCKED: {
    'en-US': 'Too many failed attempts, signing in to this account from here is paused for {minutes} minutes',
    'zh-CN': '登录失败次数过多，该账号在此地址的登录已暂停{minutes}分钟',
  },
  LOGIN_ADDRESS_LOCKED: {
    'en-US': 'Too many failed sign-ins from this address, try again in {minutes} minutes',
    'zh-CN': '此地址登录失败次数过多，请{minutes}分钟后再试',
  },
  ACCOUNT_NOT_APPROVED: { 'en-US': 'Account is waiting for approval', 'zh-CN': '账号正在等待审核' },
  EMPTY_MENU: {
    'en-US': 'No menu is assigned to this account, contact the administrator',
    'zh-CN': '该账号未分配菜单，请联系管理员',
  },
  NO_DEPARTMENT: {
    'en-US': 'You have not set department information',
    'zh-CN': '您尚未设置部门信息',
  },
  DEPARTMENT_NOT_YOURS: { 'en-US': 'You do not belong to this department', 'zh-CN': '您不属于该部门' },
  NO_LOGGED_IN_USER: { 'en-US': 'No logged-in user in the system', 'zh-CN': '系统中没有此登录用户' },
  OLD_PASSWORD_REQUIRED: { 'en-US': 'Please input the old password', 'zh-CN': '请输入旧密码' },
  OLD_PASSWORD_WRONG: { 'en-US': 'The old password is wrong', 'zh-CN': '旧密码输入错误' },
  NEW_PASSWORD_REQUIRED: { 'en-US': 'Please input the new password', 'zh-CN': '请输入新密码' },
  CONFIRM_PASSWORD_REQUIRED: { 'en-US': 'Please confirm the new password', 'zh-CN': '请确认新密码' },
  PASSWORD_TOO_WEAK: {
    'en-US': 'The password must be at least 8 characters with digits, upper and lower case letters',
    'zh-CN': '密码至少8位，且必须包含数字、大写字母和小写字母',
  },
  PASSWORDS_DIFFERENT: { 'en-US': 'The two passwords are not the same', 'zh-CN': '两次输入的密码不一致' },
  PASSWORD_CHANGED: { 'en-US': 'Password changed, please log in again', 'zh-CN': '密码修改成功，请重新登录' },
  CAS_NOT_CONFIGURED: { 'en-US': 'CAS single sign-on is not configured', 'zh-CN': '未配置CAS单点登录' },
  CAS_TICKET_INVALID: { 'en-US': 'CAS ticket validation failed', 'zh-CN': 'CAS票据验证失败' },
  CAS_USER_UNKNOWN: {
    'en-US': 'The CAS user has no account on this platform',
    'zh-CN': 'CAS用户在本平台没有账号',
  },
  DUPLICATE_NOT_ALLOWED: { 'en-US': 'This field cannot be checked', 'zh-CN': '该字段不允许校验' },
  DUPLICATE_EXISTS: { 'en-US': 'This value already exists', 'zh-CN': '该值不可用，系统中已存在！' },
  DICT_NOT_FOUND: { 'en-US': 'Dictionary not found', 'zh-CN': '字典不存在' },
  DICT_CODE_TAKEN: { 'en-US': 'The dictionary code {code} exists already', 'zh-CN': '字典编码{code}已存在' },
  DICT_BUILT_IN: {
    'en-US': 'The dictionary {code} is built in: the system relies on it, so it cannot be deleted',
    'zh-CN': '字典{code}为系统内置，系统依赖它，不能删除',
  },
  DICT_BUILT_IN_CODE: {
    'en-US': 'The code of the built-in dictionary {code} cannot change: the system relies on it',
    'zh-CN': '内置字典{code}的编码不能修改：系统依赖它',
  },
  DICT_ITEM_NOT_FOUND: { 'en-US': 'Dictionary item not found', 'zh-CN': '字典项不存在' },
  DICT_ITEM_VALUE_TAKEN: {
    'en-US': 'The value {value} exists already in this dictionary',
    'zh-CN': '该字典中已存在值{value}',
  },
  DICT_ITEM_BUILT_IN: {
    'en-US':
      'The value {value} of {code} is built in: the system relies on it, so it cannot be deleted or renamed (disable it or change its texts instead)',
    'zh-CN': '{code}的值{value}为系统内置，系统依赖它，不能删除或修改值（可停用或修改其文字）',
  },
  ROLE_NOT_FOUND: { 'en-US': 'Role not found', 'zh-CN': '角色不存在' },
  ROLE_CODE_TAKEN: { 'en-US': 'The role code {code} exists already', 'zh-CN': '角色编码{code}已存在' },
  ROLE_BUILT_IN: {
    'en-US': 'The role {code} is built in: the system relies on it, so it cannot be deleted',
    'zh-CN': '角色{code}为系统内置，系统依赖它，不能删除',
  },
  ROLE_BUILT_IN_CODE: {
    'en-US': 'The code of the built-in role {code} cannot change: the system relies on it',
    'zh-CN': '内置角色{code}的编码不能修改：系统依赖它',
  },
  ROLE_ADMIN_LOCKOUT: {
    'en-US':
      'The administrator role keeps System › Roles and its authorization: without them nobody could give grants back',
    'zh-CN': '管理员角色必须保留“系统管理 › 角色管理”及其授权按钮，否则将无人能恢复授权',
  },
  ROLE_IN_USE: {
    'en-US': 'The role {code} is held by {count} user(s): remove them from the role before deleting it',
    'zh-CN': '角色{code}仍有{count}个用户使用，请先将这些用户移出该角色再删除',
  },
  ROLE_PERMISSION_NOT_GRANTED: {
    'en-US': 'The role does not hold this menu: grant it and save before choosing its data rules',
    'zh-CN': '该角色未被授予此菜单，请先勾选并保存菜单权限，再选择数据规则',
  },
  DATA_RULE_NOT_FOUND: { 'en-US': 'Data rule not found', 'zh-CN': '数据规则不存在' },
  DATA_RULES_UNSUPPORTED: {
    'en-US': 'This menu has no list that data rules can filter',
    'zh-CN': '该菜单没有可按数据规则过滤的列表',
  },
  DATA_RULE_COLUMN_UNKNOWN: {
    'en-US': 'The list of this menu cannot filter on the column {column} (it can: {columns})',
    'zh-CN': '该菜单的列表不能按字段{column}过滤（可用字段：{columns}）',
  },
  DATA_RULE_SCOPE_COLUMN: {
    'en-US': 'The condition "scope" applies to a company column only ({columns})',
    'zh-CN': '“本公司范围”条件只适用于公司字段（{columns}）',
  },
  DATA_RULE_VALUE_REQUIRED: { 'en-US': 'The rule needs a value', 'zh-CN': '规则值不能为空' },
  DATA_RULE_NOT_OF_PERMISSION: {
    'en-US': 'A chosen data rule does not belong to this menu',
    'zh-CN': '所选数据规则不属于该菜单',
  },
  // --- menus and permissions (issue 13) ---
  MENU_PATH_INVALID: {
    'en-US': '{field} must start with / and hold only letters, digits and / _ - . :',
    'zh-CN': '{field}必须以 / 开头，且只能包含字母、数字和 / _ - . :',
  },
  MENU_COMPONENT_UNKNOWN: {
    'en-US': '{field} is not a screen of the console',
    'zh-CN': '{field}不是控制台已有的页面',
  },
  MENU_ICON_UNKNOWN: {
    'en-US': '{field} is not an icon the menu can show',
    'zh-CN': '{field}不是菜单可显示的图标',
  },
  MENU_URL_INVALID: {
    'en-US': '{field} must be an address starting with http:// or https://',
    'zh-CN': '{field}必须是以 http:// 或 https:// 开头的地址',
  },
  MENU_TOP_HAS_PARENT: {
    'en-US': 'A top menu has no parent: choose sub menu to place it under another menu',
    'zh-CN': '一级菜单没有上级菜单：如需放在其他菜单下，请选择子菜单',
  },
  PERMISSION_NOT_FOUND: { 'en-US': 'The menu or button does not exist', 'zh-CN': '菜单或按钮不存在' },
  PERMISSION_CODE_TAKEN: {
    'en-US': 'The permission code {perms} is already used by another menu or button',
    'zh-CN': '授权标识{perms}已被其他菜单或按钮使用',
  },
  PERMISSION_PATH_TAKEN: {
    'en-US': 'The path {path} is already used by another menu',
    'zh-CN': '路径{path}已被其他菜单使用',
  },
  PERMISSION_PARENT_INVALID: {
    'en-US': 'The parent must be an existing menu (a button cannot hold sub menus or buttons)',
    'zh-CN': '上级必须是已存在的菜单（按钮下不能再有菜单或按钮）',
  },
  PERMISSION_PARENT_CYCLE: {
    'en-US': 'A menu cannot be placed under itself or one of its own sub menus',
    'zh-CN': '菜单不能放在自身或其子菜单之下',
  },
  PERMISSION_BUTTON_WITH_CHILDREN: {
    'en-US': '{name} has sub menus or buttons, so it cannot become a button',
    'zh-CN': '{name}下还有子菜单或按钮，不能改为按钮',
  },
  PERMISSION_HAS_CHILDREN: {
    'en-US': '{name} still has {count} sub menus or buttons: delete or move them first',
    'zh-CN': '{name}下还有{count}个子菜单或按钮，请先删除或移走',
  },
  PERMISSION_BUILT_IN: {
    'en-US': '{name} is built into the console and cannot be deleted (hide it or switch it off instead)',
    'zh-CN': '{name}为系统内置，不能删除（可隐藏或停用）',
  },
  PERMISSION_BUILT_IN_CODE: {
    'en-US': 'The permission code {perms} is built in: the server checks it, so it cannot be changed',
    'zh-CN': '授权标识{perms}为系统内置，服务器依赖它校验权限，不能修改',
  },
  COUNTRY_NOT_FOUND: { 'en-US': 'Country not found', 'zh-CN': '国家/地区不存在' },
  COUNTRY_CODE_TAKEN: { 'en-US': 'The country {code} exists already', 'zh-CN': '国家/地区{code}已存在' },
  COUNTRY_IN_USE: {
    'en-US':
      'The country {code} is in use ({rates} rates, {operators} operators, {costs} gateway costs, {routes} routes, {users} users): it cannot be deleted; disable it instead',
    'zh-CN':
      '国家/地区{code}正在使用中（费率{rates}条、运营商{operators}个、通道成本{costs}条、路由{routes}条、用户{users}个），不能删除；可停用',
  },
  TOTP_NOT_PENDING: {
    'en-US': 'Start binding Google Authenticator first',
    'zh-CN': '请先生成谷歌验证器密钥',
  },
  TOTP_ALREADY_BOUND: { 'en-US': 'Google Authenticator is already bound', 'zh-CN': '已绑定谷歌验证器' },
  USER_NOT_FOUND: { 'en-US': 'User not found', 'zh-CN': '用户不存在' },
  ROLE_UNKNOWN: { 'en-US': 'Unknown role {role}', 'zh-CN': '未知的角色{role}' },
  DEPART_NOT_FOUND: { 'en-US': 'Department not found', 'zh-CN': '部门不存在' },
  DEPART_UNKNOWN: { 'en-US': 'Unknown department {depart}', 'zh-CN': '未知的部门{depart}' },
  DEPART_HAS_USERS: {
    'en-US': 'The department still has {count} user(s): move them to another department first',
    'zh-CN': '该部门下还有{count}个用户，请先将他们移到其他部门',
  },
  DEPART_HAS_CHILDREN: {
    'en-US': 'The department still has {count} sub-department(s): delete them first',
    'zh-CN': '该部门下还有{count}个子部门，请先删除子部门',
  },
  DEPART_AGENT_NOT_AGENT: {
    'en-US': 'A department can only carry an agent-type company',
    'zh-CN': '部门只能关联代理类型的公司',
  },
  DEPART_CODES_EXHAUSTED: {
    'en-US': 'This level has no free organisation code left',
    'zh-CN': '该层级已没有可用的机构编码',
  },
  IMPORT_DUPLICATE_IN_FILE: {
    'en-US': '{value} appears twice in the file (also row {row})',
    'zh-CN': '{value}在文件中重复（另见第{row}行）',
  },
  IP_RULE_INVALID: {
    'en-US': 'Invalid address or CIDR range: {value}',
    'zh-CN': '无效的IP地址或网段：{value}',
  },
  CANNOT_FREEZE_SELF: { 'en-US': 'You cannot freeze your own account', 'zh-CN': '不能冻结自己的账号' },
  ANNOUNCEMENT_NOT_DRAFT: {
    'en-US': 'Only a draft announcement can be edited or published',
    'zh-CN': '只有草稿状态的公告可以编辑或发布',
  },
  ANNOUNCEMENT_NOT_PUBLISHED: { 'en-US': 'The announcement is not published', 'zh-CN': '该公告未发布' },
  ANNOUNCEMENT_UNKNOWN_USERS: {
    'en-US': 'Some of the chosen users do not exist',
    'zh-CN': '部分所选用户不存在',
  },
  ANNOUNCEMENT_TARGETS_OUT_OF_SCOPE: {
    'en-US': 'You can address announcements only to chosen users of your company and its customers',
    'zh-CN': '只能向本公司及下级客户中选定的用户发送公告',
  },
  ANNOUNCEMENT_UNKNOWN_ROLES: {
    'en-US': 'Some of the chosen roles do not exist',
    'zh-CN': '部分所选角色不存在',
  },
  LOGO_TOO_LARGE: { 'en-US': 'The logo must be at most 200 kB', 'zh-CN': 'Logo不能超过200 kB' },
  LOGO_INVALID: {
    'en-US': 'The logo must be a PNG or JPEG image',
    'zh-CN': 'Logo必须是PNG或JPEG图片',
  },
  BRAND_DOMAIN_EXISTS: { 'en-US': 'This domain already has a brand', 'zh-CN': '该域名已配置品牌' },
  EMAIL_INVALID: { 'en-US': 'Please enter a valid email address', 'zh-CN': '请输入正确的邮箱地址' },
  SMS_CODE_INVALID: {
    'en-US': 'The SMS code is wrong, expired or already used; request a new one',
    'zh-CN': '短信验证码错误、已过期或已使用，请重新获取',
  },
  SMS_CODE_REQUIRED: { 'en-US': 'Enter the SMS code', 'zh-CN': '请输入短信验证码' },
  PHONE_REQUIRED: { 'en-US': 'Enter the phone number', 'zh-CN': '请输入手机号码' },
  SMS_TEST_NOT_ACCEPTED: {
    'en-US': 'The test message was not accepted: {reason}',
    'zh-CN': '测试短信未被受理：{reason}',
  },
  PHONE_INVALID: {
    'en-US':
      'Please enter a valid phone number for the chosen country, or with its country code, e.g. +8613800138000',
    'zh-CN': '请输入所选国家或地区的正确号码，或带国家区号的号码，例如 +8613800138000',
  },
  USERNAME_INVALID: {
    'en-US': 'The username may contain letters, digits and underscores only',
    'zh-CN': '用户名只能包含字母、数字和下划线',
  },
  SORT_COLUMN_INVALID: {
    'en-US': 'The list cannot be sorted by {column}',
    'zh-CN': '列表不能按{column}排序',
  },
  BATCH_TOO_LARGE: { 'en-US': '{field} may name at most {max} items', 'zh-CN': '{field}最多{max}项' },
  IMPORT_FILE_REQUIRED: { 'en-US': 'Choose a file to import', 'zh-CN': '请选择要导入的文件' },
  IMPORT_FILE_TYPE: {
    'en-US': 'Only .xlsx, .csv and .txt files can be imported',
    'zh-CN': '只能导入 .xlsx、.csv 或 .txt 文件',
  },
  IMPORT_XLS_UNSUPPORTED: {
    'en-US': 'Old .xls workbooks cannot be read: save the sheet as .xlsx or CSV and import that',
    'zh-CN': '无法读取旧版 .xls 文件：请另存为 .xlsx 或 CSV 后再导入',
  },
  IMPORT_FILE_TOO_LARGE: {
    'en-US': 'The file must be at most {max} MB',
    'zh-CN': '文件不能超过{max} MB',
  },
  IMPORT_FILE_UNREADABLE: {
    'en-US': 'The file could not be read as {type}',
    'zh-CN': '无法按{type}格式读取该文件',
  },
  IMPORT_FILE_UNPACKS_TOO_LARGE: {
    'en-US': 'The workbook unpacks to more than {max} MB; split it into smaller files',
    'zh-CN': '工作簿解压后超过{max} MB，请拆分后导入',
  },
  IMPORT_TOO_MANY_COLUMNS: {
    'en-US': 'The file has more than {max} columns',
    'zh-CN': '文件超过{max}列',
  },
  IMPORT_CELL_TOO_LONG: {
    'en-US': 'Row {row}, column {column} has more than {max} characters',
    'zh-CN': '第{row}行第{column}列超过{max}个字符',
  },
  IMPORT_EMPTY: { 'en-US': 'The file has no data rows', 'zh-CN': '文件中没有数据行' },
  IMPORT_TOO_MANY_ROWS: {
    'en-US': 'The file has more than {max} rows; split it into smaller files',
    'zh-CN': '文件超过{max}行，请拆分后导入',
  },
  IMPORT_MISSING_COLUMN: {
    'en-US': 'The header row has no column {column}',
    'zh-CN': '表头缺少“{column}”列',
  },
  IMPORT_UNKNOWN_COLUMN: {
    'en-US': 'The header {column} is not a column of this list',
    'zh-CN': '表头“{column}”不是此列表的列',
  },
  IMPORT_HAS_ERRORS: {
    'en-US': '{count} problems in the file; nothing was imported',
    'zh-CN': '文件中有{count}处错误，未导入任何数据',
  },
  IMPORTED: { 'en-US': '{count} rows imported', 'zh-CN': '已导入{count}行' },
  EXPORT_WINDOW_REQUIRED: {
    'en-US': 'Choose a period of at most {days} days to export (from and to)',
    'zh-CN': '请选择不超过{days}天的导出时间段（开始和结束时间）',
  },
  EXPORT_TOO_MANY_ROWS: {
    'en-US': 'More than {max} rows match; narrow the filters to export',
    'zh-CN': '匹配的数据超过{max}行，请缩小筛选范围后导出',
  },
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
  API_AUTH_HEADERS_MISSING: {
    'en-US': 'Missing API signature headers: {headers}',
    'zh-CN': '缺少API签名请求头：{headers}',
  },
  API_TIMESTAMP_INVALID: {
    'en-US': 'X-Timestamp must be the Unix time in seconds',
    'zh-CN': 'X-Timestamp 必须是以秒为单位的Unix时间',
  },
  API_TIMESTAMP_STALE: {
    'en-US':
      'The request timestamp is more than {seconds} seconds away from the server time ({serverTime}): check your clock',
    'zh-CN': '请求时间戳与服务器时间（{serverTime}）相差超过{seconds}秒，请检查时钟',
  },
  API_NONCE_INVALID: {
    'en-US': 'X-Nonce must be 16 to 64 letters, digits, - or _',
    'zh-CN': 'X-Nonce 必须是16到64位的字母、数字、- 或 _',
  },
  API_NONCE_REPLAYED: {
    'en-US': 'This nonce was already used: every request needs a new one',
    'zh-CN': '该随机数已被使用，每个请求都需要新的随机数',
  },
  API_KEY_UNKNOWN: { 'en-US': 'Unknown API key', 'zh-CN': 'API密钥不存在' },
  API_KEY_DISABLED: { 'en-US': 'This API key is disabled', 'zh-CN': '该API密钥已停用' },
  API_KEY_REVOKED: { 'en-US': 'This API key has been revoked', 'zh-CN': '该API密钥已吊销' },
  API_SIGNATURE_INVALID: {
    'en-US': 'The signature does not match: sign the request with the key’s current secret as documented',
    'zh-CN': '签名不匹配，请按文档使用该密钥当前的Secret签名',
  },
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
  SMS_PERIOD_TOO_LONG: {
    'en-US': 'Choose a period of at most {days} days',
    'zh-CN': '请选择不超过{days}天的时间段',
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
  // --- Scheduled jobs (issue 13) ---
  JOB_SCHEDULE_INVALID: {
    'en-US':
      '"{schedule}" is not a valid cron expression: use 5 fields (minute hour day-of-month month day-of-week, e.g. */5 * * * *), or 6 with a seconds field first',
    'zh-CN':
      '“{schedule}”不是有效的 cron 表达式：请使用 5 个字段（分 时 日 月 周，例如 */5 * * * *），或在最前加秒字段共 6 个',
  },
  JOB_SCHEDULE_TOO_OFTEN: {
    'en-US': 'A job runs at most once a minute: the seconds field must be one number (e.g. 0)',
    'zh-CN': '任务最多每分钟运行一次：秒字段只能是一个数字（例如 0）',
  },
  JOB_SCHEDULE_NEVER_RUNS: {
    'en-US': '"{schedule}" would never run (no such date)',
    'zh-CN': '“{schedule}”永远不会运行（不存在这样的日期）',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type ErrorCode = keyof typeof errorTexts;
export const ERROR_CODES = Object.keys(errorTexts) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorTexts, value);
}

/** The text of a code in a language, with `{name}` placeholders filled in. */
export function translateError(
  code: ErrorCode,
  locale: Locale,
  params: Record<string, string | number> = {},
): string {
  const template: string = errorTexts[code][locale] ?? errorTexts[code]['en-US'];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
