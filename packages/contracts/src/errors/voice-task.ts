import type { Locale } from '../constants';

/** Error texts of group call tasks (issue 23): the task rules (spec section 5) and the state machine. */
export const voiceTaskErrorTexts = {
  CALL_TASK_FLOW_UNKNOWN: {
    'en-US': 'Choose one of the company’s own IVR flows',
    'zh-CN': '请选择本公司的IVR流程',
  },
  CALL_TASK_CALLERS_UNKNOWN: {
    'en-US': 'Choose the company’s own enabled caller IDs or caller group',
    'zh-CN': '请选择本公司已启用的主叫号码或主叫号码组',
  },
  CALL_TASK_TRUNK_STAFF_ONLY: {
    'en-US': 'Only platform staff choose a trunk or voice route; leave it empty to use the routes',
    'zh-CN': '只有平台人员可以指定线路或语音路由；留空则按路由选择',
  },
  VOICE_STATS_STAFF_ONLY: {
    'en-US': 'Only platform staff see the statistics of trunks',
    'zh-CN': '只有平台人员可以查看线路统计',
  },
  CALL_RATIO_INVALID: {
    'en-US': 'The call ratio must be a whole number greater than 0 (at most 500)',
    'zh-CN': '呼叫并发数必须是大于0的整数（最多500）',
  },
  CALL_TTL_INVALID: {
    'en-US': 'TTL must be 60 to 600 seconds',
    'zh-CN': 'TTL必须在60到600秒之间',
  },
  CALL_PERIODS_REQUIRED: {
    'en-US': 'Add at least one calling period',
    'zh-CN': '请至少添加一个呼叫时段',
  },
  CALL_PERIODS_TOO_MANY: {
    'en-US': 'At most 5 calling periods a day',
    'zh-CN': '每天最多5个呼叫时段',
  },
  CALL_PERIOD_TIME_INVALID: {
    'en-US': 'A period time is written HH:mm (00:00 to 23:59)',
    'zh-CN': '时段时间格式为HH:mm（00:00至23:59）',
  },
  CALL_PERIOD_START_AFTER_END: {
    'en-US': 'A period’s start time must not be later than its end time',
    'zh-CN': '时段的开始时间不能晚于结束时间',
  },
  CALL_PERIOD_TOO_SHORT: {
    'en-US': 'Each period lasts at least 5 minutes',
    'zh-CN': '每个时段至少5分钟',
  },
  CALL_PERIODS_OVERLAP: {
    'en-US': 'Calling periods must not overlap',
    'zh-CN': '呼叫时段不能重叠',
  },
  CALL_TIME_ZONE_INVALID: {
    'en-US': 'Unknown time zone',
    'zh-CN': '未知的时区',
  },
  HANGUP_SMS_REQUIRED: {
    'en-US': 'Enter the hang-up SMS text, or turn the hang-up SMS off',
    'zh-CN': '请输入挂机短信内容，或关闭挂机短信',
  },
  HANGUP_SMS_TOO_LONG: {
    'en-US': 'The hang-up SMS has at most 320 characters',
    'zh-CN': '挂机短信内容最多320个字符',
  },
  TTS_TEXT_TOO_LONG: {
    'en-US': 'The text to speak has at most 800 characters',
    'zh-CN': 'TTS文本最多800个字符',
  },
  CALL_TASK_NUMBERS_REQUIRED: {
    'en-US': 'Add at least one number to call',
    'zh-CN': '请至少添加一个呼叫号码',
  },
  CALL_TASK_NUMBER_INVALID: {
    'en-US': 'Not a phone number: {number}',
    'zh-CN': '号码无效：{number}',
  },
  CALL_TASK_ACTION_NOT_ALLOWED: {
    'en-US': 'The task’s current state does not allow this action',
    'zh-CN': '任务当前状态不允许此操作',
  },
  CALL_TASK_NOT_EDITABLE: {
    'en-US': 'Only a task waiting to be submitted can be edited or deleted',
    'zh-CN': '只有待提交的任务可以编辑或删除',
  },
} as const satisfies Record<string, Record<Locale, string>>;
