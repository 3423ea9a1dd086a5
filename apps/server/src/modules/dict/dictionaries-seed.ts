import { ANNOUNCEMENT_DICTS, ORDER_DICTS } from '@switchboard/contracts';

/** Dictionaries the console uses, with texts in both languages. [value, en-US, zh-CN] */
export interface DictSeed {
  code: string;
  name: string;
  nameZh: string;
  items: [string, string, string][];
}

export const DICTIONARIES: DictSeed[] = [
  {
    code: ANNOUNCEMENT_DICTS.priority,
    name: 'Priority',
    nameZh: '优先级',
    items: [
      ['L', 'General', '一般'],
      ['M', 'Important', '重要'],
      ['H', 'Urgent', '紧急'],
    ],
  },
  {
    code: 'company_type',
    name: 'Company type',
    nameZh: '公司类型',
    items: [
      ['direct', 'Direct', '直客'],
      ['two-way', 'Two-way', '双向'],
      ['agent', 'Agent', '代理'],
    ],
  },
  {
    code: 'approval_status',
    name: 'Approval status',
    nameZh: '审核状态',
    items: [
      ['unapproved', 'Unapproved', '未审核'],
      ['waiting', 'Waiting for review', '待审核'],
      ['approved', 'Approved', '审核通过'],
      ['failed', 'Failed', '审核失败'],
    ],
  },
  {
    code: 'group_call_task_status',
    name: 'Group call task status',
    nameZh: '群呼任务状态',
    items: [
      ['waiting_submit', 'Waiting to submit', '待提交'],
      ['submitting', 'Submitting', '提交中'],
      ['calling', 'Calling', '呼叫中'],
      ['running', 'Running', '运行中'],
      ['paused', 'Task paused', '任务暂停'],
      ['success', 'Task success', '任务成功'],
      ['cancelled', 'Task cancelled', '任务取消'],
    ],
  },
  {
    code: 'outbound_task_status',
    name: 'Outbound task status',
    nameZh: '外呼任务状态',
    items: [
      ['not_started', 'Not started', '未开始'],
      ['running', 'Running', '进行中'],
      ['stopped', 'Stopped', '已停止'],
      ['finished', 'Finished', '已完成'],
    ],
  },
  {
    code: ORDER_DICTS.state,
    name: 'Top-up status',
    nameZh: '充值状态',
    items: [
      ['pending_payment', 'Pending payment', '待支付'],
      ['paid', 'Paid', '已支付'],
      ['partially_paid', 'Partially paid', '部分支付'],
      ['refunded', 'Refunded', '已退款'],
      ['order_failed', 'Order failed', '订单失败'],
      ['expired', 'Expired', '已过期'],
      ['timed_out', 'Timed out', '已超时'],
      ['chain_confirming', 'Chain confirming', '链上确认中'],
      ['chain_confirmed', 'Chain confirmed', '链上已确认'],
      ['top_up_success', 'Top-up success', '充值成功'],
      ['top_up_failure', 'Top-up failure', '充值失败'],
      ['finished', 'Finished', '已完成'],
    ],
  },
  {
    code: ORDER_DICTS.method,
    name: 'Payment method',
    nameZh: '支付方式',
    items: [
      ['card', 'Card', '银行卡'],
      ['crypto', 'Crypto', '加密货币'],
    ],
  },
  {
    code: ORDER_DICTS.payoutState,
    name: 'Payout status',
    nameZh: '提现状态',
    items: [
      ['pending', 'Pending review', '待审核'],
      ['approved', 'Approved', '已批准'],
      ['rejected', 'Rejected', '已驳回'],
    ],
  },
  {
    code: 'call_list_status',
    name: 'Call list status',
    nameZh: '名单状态',
    items: [
      ['not_called', 'Not called', '未呼叫'],
      ['calling', 'Calling', '呼叫中'],
      ['complete', 'Complete', '已完成'],
      ['waiting_redial', 'Waiting for redial', '等待重呼'],
    ],
  },
  {
    code: 'seat_status',
    name: 'Seat status',
    nameZh: '坐席状态',
    items: [
      ['on_call', 'On call', '通话中'],
      ['idle', 'Idle', '空闲'],
      ['offline', 'Offline', '离线'],
    ],
  },
  {
    code: 'message_delivery_status',
    name: 'Message delivery status',
    nameZh: '消息状态',
    items: [
      ['sent', 'Sent', '已发送'],
      ['waiting', 'Waiting', '等待中'],
      ['delivered', 'Delivered', '已送达'],
      ['timeout', 'Timeout', '超时'],
      ['invalid_number', 'Invalid number', '无效号码'],
      ['arrears', 'Arrears', '欠费'],
      ['failed', 'Failed', '失败'],
      ['other', 'Others', '其他'],
    ],
  },
  {
    code: 'user_status',
    name: 'User status',
    nameZh: '用户状态',
    items: [
      ['1', 'Normal', '正常'],
      ['2', 'Frozen', '冻结'],
    ],
  },
  {
    code: 'enable_status',
    name: 'Enabled',
    nameZh: '启用状态',
    items: [
      ['1', 'Enabled', '启用'],
      ['0', 'Disabled', '禁用'],
    ],
  },
  {
    code: ANNOUNCEMENT_DICTS.sendStatus,
    name: 'Announcement state',
    nameZh: '公告状态',
    items: [
      ['0', 'Draft', '未发布'],
      ['1', 'Published', '已发布'],
      ['2', 'Revoked', '已撤销'],
    ],
  },
  {
    code: ANNOUNCEMENT_DICTS.category,
    name: 'Message category',
    nameZh: '消息类型',
    items: [
      ['1', 'Notice', '通知公告'],
      ['2', 'System message', '系统消息'],
    ],
  },
  {
    // '2' (the other pop-up of the original console) is not offered: the console has one pop-up.
    code: ANNOUNCEMENT_DICTS.openType,
    name: 'How an announcement opens',
    nameZh: '公告打开方式',
    items: [
      ['0', 'Listed only', '仅在列表中显示'],
      ['1', 'Pops up when it arrives', '送达时自动弹出'],
    ],
  },
  {
    code: 'perms_type',
    name: 'Authorization strategy',
    nameZh: '授权策略',
    items: [
      ['1', 'Visible / accessible', '可见/可访问'],
      ['2', 'Editable / disabled', '可编辑/禁用'],
    ],
  },
  {
    code: 'menu_type',
    name: 'Menu type',
    nameZh: '菜单类型',
    items: [
      ['0', 'Top menu', '一级菜单'],
      ['1', 'Sub menu', '子菜单'],
      ['2', 'Button', '按钮权限'],
    ],
  },
  {
    code: 'yn',
    name: 'Yes / no',
    nameZh: '是否',
    items: [
      ['1', 'Yes', '是'],
      ['0', 'No', '否'],
    ],
  },
  {
    code: 'sms_type',
    name: 'SMS type',
    nameZh: '短信类型',
    items: [
      ['marketing', 'Marketing', '营销短信'],
      ['notify', 'Notification', '通知短信'],
      ['otp', 'OTP', '验证码短信'],
      ['otp_premium', 'Premium OTP', '高级验证码短信'],
    ],
  },
  {
    code: 'business_message',
    name: 'Business messages',
    nameZh: '业务提示',
    items: [
      ['insufficient_balance', 'Insufficient Balance', '余额不足'],
      ['company_exists', 'The company already exists', '公司已存在'],
      ['rate_not_found', 'Rate does not exist', '费率不存在'],
      ['gateway_not_found', 'Gateway does not exist', '通道不存在'],
    ],
  },
];
