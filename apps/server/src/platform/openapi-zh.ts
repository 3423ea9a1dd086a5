/**
 * The Chinese of the API documents' summaries and descriptions, by their English text (the one
 * each route declares). The documents carry it as `x-summary-zh` and `x-description-zh`; the
 * console's API pages show it to Chinese readers (issue 28 item 5). Summaries made from a pattern
 * (the resource kit's and the SMS kinds' routes) are translated by the same pattern. The
 * document test checks every operation has its Chinese.
 */
const TEXTS_ZH = new Map<string, string>([
  [
    'A captcha challenge for a check key (a proof of work: see captchaChallengeSchema)',
    '获取校验键的验证码挑战（工作量证明：见 captchaChallengeSchema）',
  ],
  ['A company signs up (waits for approval); needs a captcha', '公司注册（等待审核），需要验证码'],
  [
    'A menu’s data rules, the columns its list takes and those the role applies',
    '菜单的数据规则、其列表可用的列以及该角色应用的规则',
  ],
  ['A new API key; its secret is in this answer only', '新建 API 密钥，其 Secret 仅在本次应答中返回'],
  [
    'A reseller asks to withdraw commission (at most what is available)',
    '代理商申请提现佣金（不超过可提现金额）',
  ],
  [
    'API keys of a company (the caller’s own, or one in scope; staff: all), never their secrets',
    '公司的 API 密钥（本公司或权限范围内的公司；平台人员：全部），不含 Secret',
  ],
  ['Add a brand', '新增品牌'],
  [
    'Add a data rule to a menu (column, condition, value, enabled)',
    '为菜单新增数据规则（列、条件、值、是否启用）',
  ],
  ['Add a group call task (waiting to submit)', '新增群呼任务（待提交）'],
  ['Allow an address or CIDR range to call the API', '允许某个地址或 CIDR 网段调用 API'],
  [
    'An IVR file as the calls play it, as a 16-bit 8 kHz WAV for the browser',
    'IVR 文件的通话播放版本（供浏览器播放的 16 位 8 kHz WAV）',
  ],
  [
    'An avatar image (its address is its random id; a new upload gets a new one)',
    '头像图片（地址为随机 ID，重新上传会得到新地址）',
  ],
  ['Announcements the caller manages', '当前用户管理的公告'],
  [
    'Approve a company waiting for review (its users are told and may sign in)',
    '审核通过待审核的公司（通知其用户，之后可登录）',
  ],
  [
    'Approve a payout: the commission is debited through the ledger, once',
    '批准提现：通过账户流水扣减佣金（仅一次）',
  ],
  [
    'Assign a company its rate group of a kind (groupId null: remove)',
    '为公司分配某类费率组（groupId 为 null 时移除）',
  ],
  [
    'Balance, credit limit and commission of the caller’s company (or one in scope)',
    '本公司（或权限范围内某公司）的余额、信用额度和佣金',
  ],
  ['Brands', '品牌列表'],
  ['CLI tests, newest first', 'CLI 测试记录（最新在前）'],
  [
    'Call a finished or stopped task’s numbers again: all, or those not answered',
    '重新呼叫已完成或已停止任务的号码：全部或未接通的号码',
  ],
  ['Call records (every attempt) with filters', '通话记录（每次尝试），可筛选'],
  [
    'Change a company’s name, contact, phone, e-mail (administrators: its sales user)',
    '修改公司名称、联系人、电话、邮箱（管理员还可修改其销售人员）',
  ],
  [
    'Change a job’s schedule (a cron expression, at most once a minute)',
    '修改任务计划（cron 表达式，最多每分钟一次）',
  ],
  ['Change one of the reseller’s customers', '修改代理商的某个客户'],
  ['Change one’s own password (ends every session of the user)', '修改本人密码（结束该用户的所有会话）'],
  [
    'Change one’s own real name, phone and e-mail (phone and e-mail unique)',
    '修改本人姓名、手机号和邮箱（手机号和邮箱不可重复）',
  ],
  [
    'Changes people made, newest first (paged by key); the current day unless a period is given',
    '操作日志（最新在前，按键分页）；未指定时间段时为当天',
  ],
  [
    'Check the status of numbers (each charged once from the company’s ND rate group)',
    '检测号码状态（每个号码按公司的号码检测费率组扣费一次）',
  ],
  ['Choose the current department', '选择当前部门'],
  ['Choose the data rules a role applies on a menu it holds', '选择角色在其拥有的菜单上应用的数据规则'],
  [
    'Choose which of the caller’s granted gateways a customer of its own uses',
    '选择自己的客户使用哪些已授权网关',
  ],
  ['Companies in the caller’s scope', '权限范围内的公司'],
  [
    'Companies in the caller’s scope as .xlsx (the list’s filters and sort)',
    '导出权限范围内的公司为 .xlsx（按列表的筛选和排序）',
  ],
  [
    'Compute the daily SMS roll-up of a period again from the messages (administrators)',
    '根据短信重新计算某时间段的每日短信汇总（管理员）',
  ],
  [
    'Compute the daily call roll-up of a period again from the call records (administrators)',
    '根据通话记录重新计算某时间段的每日通话汇总（管理员）',
  ],
  [
    'Copy a gateway (every setting and the password) under a new name, disabled',
    '以新名称复制网关（所有设置及密码），复制后为停用状态',
  ],
  ['Copy a rate group with all its rates under a new name', '以新名称复制费率组及其全部费率'],
  [
    'Create a company with its department and administrator user (one transaction)',
    '创建公司及其部门和管理员用户（同一事务）',
  ],
  [
    'Create a customer company of the reseller, with its administrator user (approved at once)',
    '为代理商创建客户公司及其管理员用户（立即审核通过）',
  ],
  [
    'Credit a payment to resolve to its order’s company (once), or dismiss it with a note',
    '将待处理付款入账到其订单所属公司（仅一次），或填写说明后忽略',
  ],
  ['Delete a brand', '删除品牌'],
  ['Delete a data rule (roles applying it no longer do)', '删除数据规则（应用它的角色将不再应用）'],
  ['Delete a task waiting to submit', '删除待提交的任务'],
  ['Delete an announcement', '删除公告'],
  [
    'Delivery-report callbacks to the company’s URL, each attempt logged (staff: all)',
    '推送到公司回调地址的状态报告，记录每次尝试（平台人员：全部）',
  ],
  [
    'Departments whose name or code contains keyWord, with the branches above them',
    '名称或编码包含 keyWord 的部门及其上级分支',
  ],
  ['Edit a brand', '编辑品牌'],
  ['Edit a data rule (enable or disable it)', '编辑数据规则（启用或停用）'],
  ['Edit a draft', '编辑草稿'],
  ['Edit a task waiting to submit (numbers replaced when given)', '编辑待提交的任务（提供号码时替换号码）'],
  [
    'Enable or disable a dictionary item (a disabled one leaves the selects)',
    '启用或停用字典项（停用后不再出现在下拉选项中）',
  ],
  [
    'Enable or disable companies (disabled: users signed out, sign-in refused)',
    '启用或停用公司（停用后其用户被登出且无法登录）',
  ],
  ['End the caller’s session', '结束当前会话（退出登录）'],
  [
    'Every gateway (id, name, enabled), for choosing the gateways of a route',
    '全部网关（ID、名称、是否启用），用于选择路由的网关',
  ],
  ['Every gateway, and whether it is granted to a reseller company', '全部网关及其是否已授权给某代理商公司'],
  [
    'Every role (id, code, names in both languages): the options of the user form',
    '全部角色（ID、编码、中英文名称）：用户表单的选项',
  ],
  [
    'Export an SMS analysis (dimension day, country, gateway or company) as .xlsx',
    '导出短信分析为 .xlsx（按日期、国家、网关或公司）',
  ],
  ['Export call records of the past week as .xlsx', '导出最近一周的通话记录为 .xlsx'],
  [
    'Export call statistics (dimension day, task or trunk) as .xlsx',
    '导出通话统计为 .xlsx（按日期、任务或中继）',
  ],
  [
    'Export changes of a period of at most a week as .xlsx (streamed)',
    '导出最长一周内的操作日志为 .xlsx（流式）',
  ],
  [
    'Export sign-in attempts of a period of at most a week as .xlsx (streamed)',
    '导出最长一周内的登录记录为 .xlsx（流式）',
  ],
  ['Export the numbers of a status check as .xlsx', '导出号码状态检测的号码为 .xlsx'],
  ['Fail a sender id with the reason its company is told', '驳回发送方ID，并将原因告知其公司'],
  ['Fail an SMS template with the reason its company is told', '驳回短信模板，并将原因告知其公司'],
  ['Finish binding Google Authenticator with a code from it', '使用谷歌验证器中的验证码完成绑定'],
  [
    'Freeze (status 2, signs them out) or thaw (status 1) users',
    '冻结（状态 2，登出其会话）或解冻（状态 1）用户',
  ],
  [
    'Freeze (users signed out, sign-in refused) or thaw companies',
    '冻结（其用户被登出且无法登录）或解冻公司',
  ],
  ['Freeze or thaw some of the reseller’s customers', '冻结或解冻代理商的部分客户'],
  [
    'Gateway notify: whether and to whom trunks going down and coming back are told',
    '网关通知：中继断开和恢复时是否通知以及通知谁',
  ],
  ['Gateways for a country ranked by cost and recent delivery rate', '某国家的网关，按成本和近期送达率排序'],
  ['Gateways for selects: id, name, enabled', '供下拉选择的网关：ID、名称、是否启用'],
  [
    'Give a role to users (those holding it already are left as they are)',
    '为用户授予角色（已拥有该角色的用户不变）',
  ],
  ['Group link and support contacts', '群组链接和客服联系方式'],
  ['Hide or show the header items for a user', '为用户隐藏或显示页头项目'],
  ['Import rates into a group from .xlsx, .csv or .txt', '从 .xlsx、.csv 或 .txt 导入费率到费率组'],
  [
    'Import rows of rates into a group: all or none, with per-row errors',
    '导入费率行到费率组：全部成功或全部不导入，逐行报告错误',
  ],
  [
    'Ledger entries in the caller’s scope as .xlsx (from and to required, at most 7 days)',
    '导出权限范围内的账户流水为 .xlsx（必须指定起止时间，最长 7 天）',
  ],
  [
    'Ledger entries in the caller’s scope, newest first (paged by key)',
    '权限范围内的账户流水（最新在前，按键分页）',
  ],
  [
    'Make an IVR file by text-to-speech (English or Mandarin; cached by text and voice)',
    '通过文字转语音生成 IVR 文件（英语或普通话；按文本和音色缓存）',
  ],
  [
    'Manual recharge (credit) or deduction (debit) of a company’s balance, with a reason',
    '手动为公司余额充值（入账）或扣款（扣减），需填写原因',
  ],
  ['Mark an announcement read', '将公告标记为已读'],
  ['Mark every announcement addressed to the caller read', '将发给当前用户的全部公告标记为已读'],
  [
    'Move money from the reseller’s balance to a customer’s (a repeated key counts once)',
    '从代理商余额划转到客户余额（重复的键只计一次）',
  ],
  [
    'One CLI test: its SIP ladder, media and what the callee received',
    '单个 CLI 测试：SIP 信令流程、媒体及被叫收到的内容',
  ],
  ['One announcement addressed to the caller', '发给当前用户的单条公告'],
  ['One company in the caller’s scope', '权限范围内的单个公司'],
  ['One country', '单个国家'],
  [
    'One job’s runs, newest first: trigger, status, start, end, duration, result or error',
    '单个任务的运行记录（最新在前）：触发方式、状态、开始、结束、耗时、结果或错误',
  ],
  ['One of your messages and its status', '查询一条短信及其状态'],
  [
    'One test and its trace (submitted, the gateway’s ids, receipt)',
    '单个测试及其跟踪（提交、网关 ID、状态报告）',
  ],
  ['One top-up order in the caller’s scope, with its state history', '权限范围内的单个充值订单及其状态历史'],
  [
    'Open a top-up order for the caller’s company; answers where to pay',
    '为本公司创建充值订单，返回支付地址',
  ],
  ['Pass a sender id (its company is told)', '审核通过发送方ID（通知其公司）'],
  ['Pass an SMS template (its company is told)', '审核通过短信模板（通知其公司）'],
  ['Past tests, newest first, with their traces', '历史测试（最新在前）及其跟踪'],
  ['Pause a job: its scheduled runs are skipped until it is resumed', '暂停任务：恢复前跳过其计划运行'],
  [
    'Payments to resolve: reported paid, credited to no order by itself; newest first',
    '待处理付款：已报告付款但未能自动入账到订单的款项（最新在前）',
  ],
  [
    'Payout requests in the caller’s scope as .xlsx (the list’s filters and sort)',
    '导出权限范围内的提现申请为 .xlsx（按列表的筛选和排序）',
  ],
  ['Payout requests in the caller’s scope, newest first', '权限范围内的提现申请（最新在前）'],
  [
    'Place a CLI test call through a trunk (queued; a worker places it)',
    '通过中继发起 CLI 测试呼叫（排队，由工作进程发起）',
  ],
  [
    'Post a signed sample delivery report to the callback URL; answers its status and time',
    '向回调地址推送一条签名的示例状态报告，返回其状态和耗时',
  ],
  ['Publish a draft', '发布草稿'],
  [
    'Registered jobs: schedule, pause flag, last run, run under way, next run',
    '已注册的任务：计划、暂停标记、上次运行、进行中的运行、下次运行',
  ],
  [
    'Reject a company waiting for review, with a reason its users are told',
    '驳回待审核的公司，并将原因告知其用户',
  ],
  ['Reject a payout with a reason (nothing else changes)', '驳回提现并填写原因（其他不变）'],
  ['Remove an entry of the API IP whitelist', '删除 API IP 白名单中的一项'],
  ['Rename a key', '重命名密钥'],
  ['Replace the callback signing secret (the old one stops at once)', '更换回调签名密钥（旧密钥立即失效）'],
  [
    'Require (or not) passed templates for a company’s marketing and notification texts',
    '设置公司的营销和通知短信是否必须使用已审核模板',
  ],
  ['Resume a paused job', '恢复已暂停的任务'],
  ['Revoke a key for good (its secrets are erased)', '永久吊销密钥（其 Secret 被清除）'],
  ['Revoke a published announcement', '撤销已发布的公告'],
  [
    'Run a job once now (recorded as a manual run; paused or not)',
    '立即运行一次任务（记为手动运行，无论是否暂停）',
  ],
  ['Save the gateway notify settings', '保存网关通知设置'],
  [
    'Send a code by SMS (sign-in or password reset); the same answer whether the phone is known',
    '通过短信发送验证码（登录或重置密码）；无论手机号是否存在应答相同',
  ],
  ['Send a message to one number or up to 1000', '向一个号码或最多 1000 个号码发送短信'],
  [
    'Send a test message through one gateway (routing bypassed, charged to no one)',
    '通过指定网关发送测试短信（不经路由，不扣费）',
  ],
  ['Set (or with null remove) the delivery-report callback URL', '设置（为 null 时移除）状态报告回调地址'],
  ['Set a dictionary item’s sort number', '设置字典项的排序号'],
  [
    'Set a new password with a code sent by SMS (ends every session of the user)',
    '使用短信验证码设置新密码（结束该用户的所有会话）',
  ],
  [
    'Set a price, or change it by a percent, for every rate of a group matching a filter',
    '为费率组中符合筛选条件的费率设置价格或按百分比调整',
  ],
  ['Set a user’s login IP whitelist', '设置用户的登录 IP 白名单'],
  [
    'Set a user’s password (sign-up rules); that user’s sessions end',
    '设置用户密码（按注册规则），该用户的会话随即结束',
  ],
  ['Set how far below zero a company’s balance may go', '设置公司余额可透支的额度'],
  ['Set the login IP whitelist of a company', '设置公司的登录 IP 白名单'],
  [
    'Set the menus and buttons a role is granted (lastPermissionIds: apply only the difference)',
    '设置角色被授予的菜单和按钮（lastPermissionIds：仅应用差异）',
  ],
  ['Set the support group link (empty removes it)', '设置客服群组链接（为空时移除）'],
  ['Sign in with a CAS service ticket', '使用 CAS 服务票据登录'],
  ['Sign in with a code sent by SMS', '使用短信验证码登录'],
  ['Sign in with a password', '使用密码登录'],
  [
    'Sign-in attempts, newest first (paged by key); the current day unless a period is given',
    '登录记录（最新在前，按键分页）；未指定时间段时为当天',
  ],
  [
    'Sign-in totals: successful sign-ins today and in all, distinct addresses today (UTC day)',
    '登录统计：今日及累计成功登录次数、今日不同地址数（按 UTC 日）',
  ],
  ['Simulated checkout page of an order (demo mode; HTML)', '订单的模拟支付页面（演示模式，HTML）'],
  ['Start binding Google Authenticator', '开始绑定谷歌验证器'],
  [
    'Stop a running status check (numbers not yet checked are skipped)',
    '停止进行中的号码状态检测（跳过尚未检测的号码）',
  ],
  ['Support contacts shown to visitors', '向访客显示的客服联系方式'],
  ['Take a role from users (userIds=a,b)', '收回用户的角色（userIds=a,b）'],
  [
    'The API IP whitelist of a company (empty: any address may call the API)',
    '公司的 API IP 白名单（为空时任何地址均可调用）',
  ],
  ['The brand of the visiting domain (or of customerDomain)', '访问域名（或 customerDomain）的品牌'],
  ['The caller’s announcements with read state', '当前用户的公告及已读状态'],
  ['The caller’s current department and its agent', '当前用户的当前部门及其代理商'],
  ['The caller’s departments and the current one', '当前用户的部门及当前部门'],
  ['The caller’s menu tree and button permissions', '当前用户的菜单树和按钮权限'],
  [
    'The caller’s own profile: name, avatar, phone, e-mail, Google Authenticator',
    '当前用户的个人资料：姓名、头像、手机号、邮箱、谷歌验证器',
  ],
  ['The caller’s unread notices and system messages', '当前用户未读的通知和系统消息'],
  [
    'The columns the list of a menu lets data rules name (empty: it takes none)',
    '菜单列表可供数据规则使用的列（为空表示不支持）',
  ],
  ['The country of a user (userid=; null when not set)', '用户的国家（userid=；未设置时为 null）'],
  ['The data rules of a menu', '菜单的数据规则'],
  ['The data rules of a menu, filtered by name and column', '菜单的数据规则，可按名称和列筛选'],
  [
    'The delivery-report callback of a company (the caller’s own, or one in scope)',
    '公司的状态报告回调设置（本公司或权限范围内的公司）',
  ],
  ['The department ids of a user (userid=)', '用户的部门 ID（userid=）'],
  [
    'The department tree for tree selects (id, title in the caller’s language)',
    '供树形选择的部门树（ID、当前语言的名称）',
  ],
  [
    'The department tree the caller sees (both names, agent, member count)',
    '当前用户可见的部门树（中英文名称、代理商、成员数）',
  ],
  ['The departments of a user (userid=)', '用户的部门（userid=）'],
  [
    'The departments of an agent’s customers (those right under the agent’s department)',
    '代理商客户的部门（代理商部门的直接下级）',
  ],
  [
    'The enabled countries in the caller’s language (every country picker)',
    '已启用的国家，使用当前语言（所有国家选择器）',
  ],
  ['The enabled items of a dictionary, in the caller’s language', '字典中已启用的项，使用当前语言'],
  [
    'The gateways a customer of the caller’s uses (none chosen: every granted one)',
    '自己的某个客户使用的网关（未选择时为全部已授权网关）',
  ],
  ['The gateways granted to the caller’s reseller company', '授权给本代理商公司的网关'],
  ['The ids of the menus and buttons a role is granted', '角色被授予的菜单和按钮 ID'],
  ['The ids of the roles a user holds', '用户拥有的角色 ID'],
  [
    'The live bind state of every gateway (bound, connecting, down, disabled)',
    '全部网关的实时连接状态（已连接、连接中、已断开、已停用）',
  ],
  ['The members of a department (id=) in the caller’s scope', '权限范围内某部门（id=）的成员'],
  ['The menu and button tree as id/title nodes, for pickers', '菜单和按钮树（id/title 节点），供选择器使用'],
  [
    'The menu tree with sub menus and buttons (with name: the matching rows and their parents)',
    '菜单树，含子菜单和按钮（指定 name 时返回匹配项及其上级）',
  ],
  [
    'The price of a number for a company (staff: with cost and margin)',
    '某号码对某公司的价格（平台人员：含成本和利润）',
  ],
  ['The rate groups assigned to a company, by kind', '分配给公司的费率组（按类型）'],
  [
    'The reseller’s balance and each customer’s, with money in and charged',
    '代理商及其各客户的余额、充值和消费金额',
  ],
  [
    'The reseller’s customers (and a distributor’s agents), with balances',
    '代理商的客户（及分销商的代理商）及其余额',
  ],
  [
    'The reseller’s customers as .xlsx (the list’s filters and sort)',
    '导出代理商的客户为 .xlsx（按列表的筛选和排序）',
  ],
  ['The role ids of a user (userid=)', '用户的角色 ID（userid=）'],
  [
    'The route and trunks (in failover order) a call to a number of a company would take',
    '某公司呼叫某号码将使用的路由和中继（按故障切换顺序）',
  ],
  ['The secret that signs callbacks (to verify them on the receiving side)', '回调签名密钥（供接收方验证）'],
  ['The sub menus and buttons right under a menu', '菜单的直接子菜单和按钮'],
  ['The top menus', '顶级菜单'],
  ['The users holding a role (username or real name filter)', '拥有某角色的用户（可按用户名或姓名筛选）'],
  [
    'Top-up orders in the caller’s scope as .xlsx (from and to required, at most 7 days)',
    '导出权限范围内的充值订单为 .xlsx（必须指定起止时间，最长 7 天）',
  ],
  ['Top-up orders in the caller’s scope, newest first', '权限范围内的充值订单（最新在前）'],
  ['Trunks for selects: id, name, enabled', '供下拉选择的中继：ID、名称、是否启用'],
  ['Unbind a user’s Google Authenticator', '解绑用户的谷歌验证器'],
  [
    'Unbind one’s own Google Authenticator (with the password or a current code)',
    '解绑本人的谷歌验证器（需密码或当前验证码）',
  ],
  [
    'Upload a wav file as an IVR file (converted to 8 kHz G.711, normalised to -1 dBFS)',
    '上传 wav 文件作为 IVR 文件（转换为 8 kHz G.711，音量归一化到 -1 dBFS）',
  ],
  [
    'Upload one’s own avatar (PNG, JPEG, GIF or WebP, checked by content)',
    '上传本人头像（PNG、JPEG、GIF 或 WebP，按内容校验）',
  ],
  [
    'Users in the caller’s scope for a picker (keyword: username or real name)',
    '供选择器使用的权限范围内用户（keyword：用户名或姓名）',
  ],
  ['Users the caller may address', '当前用户可发送消息的用户'],
  [
    'What the payer did on the simulated checkout page (demo mode; HTML)',
    '付款人在模拟支付页面上的操作（演示模式，HTML）',
  ],
  [
    'Whether a company must send marketing and notification texts from passed templates',
    '公司的营销和通知短信是否必须使用已审核模板',
  ],
  [
    'Whether a permission code is free (409 PERMISSION_CODE_TAKEN when another row holds it)',
    '权限编码是否可用（已被占用时返回 409 PERMISSION_CODE_TAKEN）',
  ],
  [
    'Whether a role code is free (id: the role being edited); 409 ROLE_CODE_TAKEN if not',
    '角色编码是否可用（id：正在编辑的角色），不可用时返回 409 ROLE_CODE_TAKEN',
  ],
  [
    'Whether a value is still free (sign-up fields for anyone, others for platform staff)',
    '某值是否仍可使用（注册字段对所有人开放，其他字段仅限平台人员）',
  ],
  ['Whether the caller is a company’s user (not platform staff)', '当前用户是否为公司用户（非平台人员）'],
  ['Whether the next sign-in from here needs a captcha', '从当前地址下次登录是否需要验证码'],
  ['Write a draft', '撰写草稿'],
  ['Your balance', '查询余额'],
  // Written over several lines where they are declared.
  [
    'A new secret for a key (in this answer only); the old one stays valid for graceMinutes more',
    '为密钥生成新的 Secret（仅在本次应答中返回），旧 Secret 在 graceMinutes 分钟内仍然有效',
  ],
  ['Disable a key (its requests are refused until enabled)', '停用密钥（启用前其请求将被拒绝）'],
  ['Enable a disabled key', '启用已停用的密钥'],
  [
    'Enable or disable a country (a disabled one leaves the pickers; data naming it stays valid)',
    '启用或停用国家（停用后不再出现在选择器中，引用它的数据仍然有效）',
  ],
  [
    'Delete a country no rate, operator, gateway cost, route or user names (else 409 COUNTRY_IN_USE)',
    '删除未被费率、运营商、网关成本、路由或用户引用的国家（否则返回 409 COUNTRY_IN_USE）',
  ],
  [
    'Which route and gateways a number would take for a company, its price (staff: cost and margin)',
    '某公司发送到某号码将使用的路由和网关及其价格（平台人员：含成本和利润）',
  ],
  [
    'The gateways a reseller may use (none: no limit); its customers’ choices outside them are dropped',
    '代理商可使用的网关（为空时不限制），其客户超出范围的选择将被移除',
  ],
  [
    'Delete a menu or button with its grants (refused while it has sub menus or buttons, or is built in)',
    '删除菜单或按钮及其授权（有子菜单或按钮、或为内置项时拒绝）',
  ],
  [
    'Whether a username, phone (with countryCode) or email is free and well formed (id= excluded)',
    '用户名、手机号（含 countryCode）或邮箱是否可用且格式正确（排除 id=）',
  ],
  [
    'Figures of the answering server process (uptime, CPU, memory, event loop, websockets) and shared ones (database, queues, jobs, gateway binds)',
    '应答服务进程的指标（运行时长、CPU、内存、事件循环、WebSocket）及共享指标（数据库、队列、任务、网关连接）',
  ],
  [
    'Liveness and the database: 200 when the process answers and the database answers a query, else 503 DATABASE_UNAVAILABLE',
    '存活与数据库检查：进程和数据库查询均有应答时返回 200，否则返回 503 DATABASE_UNAVAILABLE',
  ],
  [
    'The whole menu and button tree for authorization (buttons with permsType 1 hide, 2 disable)',
    '用于授权的完整菜单和按钮树（按钮 permsType 1 为隐藏，2 为禁用）',
  ],
  [
    'The SMS rate groups an approval may give a company (the platform’s, its reseller’s) and the default it gets',
    '审核时可分配给公司的短信费率组（平台的、其代理商的）及默认费率组',
  ],
  [
    'The live state of every trunk (registered, reachable, unreachable, unknown, disabled) and calls up',
    '全部中继的实时状态（已注册、可达、不可达、未知、已停用）及进行中的通话',
  ],
  [
    'Group call tasks in the caller’s scope, with their counts and allowed actions',
    '权限范围内的群呼任务及其统计和可执行操作',
  ],
  ['One group call task with its progress', '单个群呼任务及其进度'],
  ['The numbers of a task with their results', '任务的号码及其结果'],
  [
    'Read the numbers of a task from a file (.txt one per line, .csv or .xlsx)',
    '从文件读取任务的号码（.txt 每行一个、.csv 或 .xlsx）',
  ],
  ['Submit (run) a task waiting to submit', '提交（运行）待提交的任务'],
  ['Pause a running task', '暂停进行中的任务'],
  ['Resume a paused task', '恢复已暂停的任务'],
  ['Stop a task (cancelled)', '停止任务（取消）'],
  [
    "Call statistics by day in the caller's scope (cost and margin for staff only)",
    '权限范围内按日期的通话统计（成本和利润仅平台人员可见）',
  ],
  [
    "Call statistics by task in the caller's scope (cost and margin for staff only)",
    '权限范围内按任务的通话统计（成本和利润仅平台人员可见）',
  ],
  [
    "Call statistics by trunk in the caller's scope (cost and margin for staff only)",
    '权限范围内按中继的通话统计（成本和利润仅平台人员可见）',
  ],
  [
    'Home dashboard voice figures: calls, answer rate, talk minutes and spend today, this month and over 30 days (a reseller: its customers; staff: every company, with the margin)',
    '首页语音数据：今日、本月及 30 天的通话数、接通率、通话分钟数和消费（代理商：其客户；平台人员：全部公司，含利润）',
  ],
  [
    "SMS figures by day in the caller's scope (cost and margin for staff only)",
    '权限范围内按日期的短信数据（成本和利润仅平台人员可见）',
  ],
  [
    "SMS figures by country in the caller's scope (cost and margin for staff only)",
    '权限范围内按国家的短信数据（成本和利润仅平台人员可见）',
  ],
  [
    "SMS figures by gateway in the caller's scope (cost and margin for staff only)",
    '权限范围内按网关的短信数据（成本和利润仅平台人员可见）',
  ],
  [
    "SMS figures by company in the caller's scope (cost and margin for staff only)",
    '权限范围内按公司的短信数据（成本和利润仅平台人员可见）',
  ],
  [
    'Home dashboard: today and this month (sent, delivered, delivery rate, spend), balance, 30 days; a reseller: its customers and its commission',
    '首页数据：今日和本月（发送、送达、送达率、消费）、余额、30 天趋势；代理商：其客户及佣金',
  ],
  ['Number-status checks in the caller’s scope, with their counts', '权限范围内的号码状态检测及其统计'],
  ['One number-status check with its summary', '单个号码状态检测及其汇总'],
  ['The numbers of a status check with their status', '号码状态检测的号码及其状态'],
  [
    'Read the numbers of a status check from a file (.txt one per line, .csv or .xlsx)',
    '从文件读取号码状态检测的号码（.txt 每行一个、.csv 或 .xlsx）',
  ],
  // The call centre.
  [
    'The live state of every seat in scope (offline, idle, ringing, on call) and its registration',
    '权限范围内每个坐席的实时状态（离线、空闲、振铃、通话中）及其注册信息',
  ],
  [
    "Users of the seat's company (the caller's own unless named) who may work a seat",
    '坐席所属公司中可使用坐席的用户（未指定时为本公司）',
  ],
  [
    "A page of a call list's numbers: their columns, state, attempts and redial time",
    '外呼名单号码分页：各列数据、状态、呼叫次数和重拨时间',
  ],
  [
    'Reads a call list file (txt, csv or xlsx) into numbers with their columns; nothing is stored',
    '读取外呼名单文件（txt、csv 或 xlsx）中的号码及各列数据，不保存',
  ],
  ['Starts an outbound task, as its state allows', '启动外呼任务（按其状态允许）'],
  ['Stops an outbound task, as its state allows', '停止外呼任务（按其状态允许）'],
  ['Finishes an outbound task, as its state allows', '结束外呼任务（按其状态允许）'],
  // Made with a value: the payment providers' webhooks.
  ['Stripe payment notifications (signed)', 'Stripe 支付通知（签名）'],
  ['NOWPayments payment notifications (signed)', 'NOWPayments 支付通知（签名）'],
  // Descriptions (the customer HTTP API).
  [
    'Each number is answered with its own status: invalid or unroutable numbers are not sent (status `invalid_number` or `failed`, with `errorCode` and `reason`) and do not fail the request. Priced and charged per part at acceptance.',
    '每个号码单独返回状态：无效或无法路由的号码不发送（状态为 `invalid_number` 或 `failed`，附 `errorCode` 和 `reason`），不会使整个请求失败。接收时按拆分条数计价扣费。',
  ],
]);

/** The resource kit's nouns (platform/resource: `noun` of each resource). */
const NOUNS_ZH: Record<string, string> = {
  'caller ID': '主叫号码',
  'caller group': '主叫号码组',
  'support contact': '客服联系方式',
  country: '国家',
  department: '部门',
  dictionary: '字典',
  'dictionary item': '字典项',
  'SMS gateway': '短信网关',
  'IVR file': 'IVR 文件',
  'IVR flow': 'IVR 流程',
  'menu or button': '菜单或按钮',
  'rate group': '费率组',
  rate: '费率',
  'gateway cost': '网关成本',
  'mobile operator': '运营商',
  role: '角色',
  'SMS route': '短信路由',
  'SMPP account': 'SMPP 账号',
  'SMS template': '短信模板',
  'sender id': '发送方ID',
  'voice trunk': '语音中继',
  'SIP account': 'SIP 账号',
  'voice route': '语音路由',
  user: '用户',
  seat: '坐席',
  'seat group': '坐席组',
  'call result': '通话结果',
  'call list': '外呼名单',
  'outbound task': '外呼任务',
};

/** The SMS kinds' routes name their kind so (sms/routes.ts: `${kind} SMS`). */
const SMS_TAGS_ZH: Record<string, string> = {
  'marketing SMS': '营销短信',
  'notification SMS': '通知短信',
  'otp SMS': '验证码短信',
  'premium_otp SMS': '高级验证码短信',
};

const noun = (english: string) => NOUNS_ZH[english];
const tag = (english: string) => SMS_TAGS_ZH[english];

/** Summaries made from a pattern, and their Chinese. */
const PATTERNS: [RegExp, (m: RegExpExecArray) => string | undefined][] = [
  [/^List (.+)s \(sortable by (.+)\)$/, (m) => noun(m[1]!) && `${noun(m[1]!)}列表（可按 ${m[2]} 排序）`],
  [/^One (.+)$/, (m) => noun(m[1]!) && `单个${noun(m[1]!)}`],
  [/^Add an? (.+)$/, (m) => noun(m[1]!) && `新增${noun(m[1]!)}`],
  [/^Edit an? (.+)$/, (m) => noun(m[1]!) && `编辑${noun(m[1]!)}`],
  [/^Delete an? (.+)$/, (m) => noun(m[1]!) && `删除${noun(m[1]!)}`],
  [
    /^Delete several (.+)s \(ids=a,b,c; all or none\)$/,
    (m) => noun(m[1]!) && `批量删除${noun(m[1]!)}（ids=a,b,c；全部成功或全部不删除）`,
  ],
  [
    /^Export (.+)s as \.xlsx \(the list's filters\)$/,
    (m) => noun(m[1]!) && `导出${noun(m[1]!)}为 .xlsx（按列表的筛选）`,
  ],
  [
    /^Import (.+)s from \.xlsx, \.csv or \.txt$/,
    (m) => noun(m[1]!) && `从 .xlsx、.csv 或 .txt 导入${noun(m[1]!)}`,
  ],
  [
    /^Preview a send of (.+): counts, problems per recipient, parts and cost$/,
    (m) => tag(m[1]!) && `预览${tag(m[1]!)}发送：数量、各接收人的问题、拆分条数和费用`,
  ],
  [
    /^Send (.+) now or at scheduledAt \(not earlier than now\): charged at acceptance$/,
    (m) => tag(m[1]!) && `立即或在 scheduledAt（不早于当前时间）发送${tag(m[1]!)}：接收时扣费`,
  ],
  [/^Read recipients of (.+) from a file$/, (m) => tag(m[1]!) && `从文件读取${tag(m[1]!)}的接收人`],
  [
    /^Sends of (.+) \(outbox and timing\), with their messages counted by status$/,
    (m) => tag(m[1]!) && `${tag(m[1]!)}的发送批次（立即和定时），按状态统计短信数`,
  ],
  [
    /^Cancel a scheduled send of (.+) that has not started \(its charges refunded\)$/,
    (m) => tag(m[1]!) && `取消尚未开始的${tag(m[1]!)}定时发送（退还费用）`,
  ],
  [
    /^Records of (.+): the current day unless a period is given$/,
    (m) => tag(m[1]!) && `${tag(m[1]!)}发送记录：未指定时间段时为当天`,
  ],
  [/^One message of (.+)$/, (m) => tag(m[1]!) && `单条${tag(m[1]!)}`],
  [
    /^Visits per UTC day \(successful sign-ins, distinct users and addresses\) from `from` to `to`; the past 7 days by default, at most (\d+) days$/,
    (m) =>
      `按 UTC 日统计的访问（成功登录次数、不同用户数和地址数），从 \`from\` 到 \`to\`；默认最近 7 天，最多 ${m[1]} 天`,
  ],
  [
    /^Export records of (.+) \(the past week only\) as \.xlsx$/,
    (m) => tag(m[1]!) && `导出${tag(m[1]!)}发送记录为 .xlsx（仅最近一周）`,
  ],
];

/** The Chinese of a summary or description, where there is one. */
export function chineseOf(english: string): string | undefined {
  const fixed = TEXTS_ZH.get(english);
  if (fixed) return fixed;
  for (const [pattern, render] of PATTERNS) {
    const match = pattern.exec(english);
    if (match) {
      const text = render(match);
      if (text) return text;
    }
  }
  return undefined;
}

/** Adds the Chinese of an operation's summary and description where there is one. */
export function withChinese(operation: Record<string, unknown>): void {
  const { summary, description } = operation;
  const summaryZh = typeof summary === 'string' ? chineseOf(summary) : undefined;
  if (summaryZh) operation['x-summary-zh'] = summaryZh;
  const descriptionZh = typeof description === 'string' ? chineseOf(description) : undefined;
  if (descriptionZh) operation['x-description-zh'] = descriptionZh;
}
