import type { Locale } from '../constants';

/** Error texts of the voice tools (issue 23): the CLI test and number-status checks. */
export const voiceToolsErrorTexts = {
  STATUS_CHECK_NOT_FOUND: { 'en-US': 'The status check does not exist', 'zh-CN': '状态检测任务不存在' },
  STATUS_CHECK_NUMBERS_REQUIRED: { 'en-US': 'Add at least one number', 'zh-CN': '请至少添加一个号码' },
  STATUS_CHECK_NUMBER_INVALID: {
    'en-US': '{number} is not a phone number',
    'zh-CN': '{number}不是有效的电话号码',
  },
  STATUS_CHECK_NOT_RUNNING: {
    'en-US': 'The status check has already ended',
    'zh-CN': '状态检测任务已结束',
  },
  CLI_TEST_NOT_FOUND: { 'en-US': 'The CLI test does not exist', 'zh-CN': 'CLI测试不存在' },
  CLI_TEST_CALLER_INVALID: {
    'en-US': 'A caller ID is digits, with an optional leading +',
    'zh-CN': '主叫号码只能是数字，可以以+开头',
  },
  CLI_TEST_KEYS_INVALID: {
    'en-US': 'Keys are up to 16 of 0-9, *, # and A-D',
    'zh-CN': '按键最多16个，只能是0-9、*、#和A-D',
  },
  CLI_TEST_HOLD_INVALID: {
    'en-US': 'Hold the call 2 to 30 seconds',
    'zh-CN': '通话保持时间为2到30秒',
  },
} as const satisfies Record<string, Record<Locale, string>>;
