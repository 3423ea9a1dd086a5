import type { Locale } from '../constants';

/**
 * Error texts of the platform: sign-in and sessions, validation, HTTP, system administration
 * (dictionaries, roles, data rules, menus, permissions, users, departments) and scheduled jobs.
 */
export const platformErrorTexts = {
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
  // {wait}: the seconds until a request is taken again, in words (translateError); none known: later.
  TOO_MANY_REQUESTS: {
    'en-US': 'Too many requests, please try again {wait}',
    'zh-CN': '请求过于频繁，请{wait}再试',
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
  LOGO_TOO_LARGE: { 'en-US': 'The logo must be at most 200 kB', 'zh-CN': '标志不能超过200 kB' },
  LOGO_INVALID: {
    'en-US': 'The logo must be a PNG or JPEG image',
    'zh-CN': '标志必须是PNG或JPEG图片',
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
  PERIOD_TOO_LONG: {
    'en-US': 'Choose a period of at most {days} days',
    'zh-CN': '请选择不超过{days}天的时间段',
  },
  EXPORT_WINDOW_REQUIRED: {
    'en-US': 'Choose a period of at most {days} days to export (from and to)',
    'zh-CN': '请选择不超过{days}天的导出时间段（开始和结束时间）',
  },
  EXPORT_TOO_MANY_ROWS: {
    'en-US': 'More than {max} rows match; narrow the filters to export',
    'zh-CN': '匹配的数据超过{max}行，请缩小筛选范围后导出',
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
