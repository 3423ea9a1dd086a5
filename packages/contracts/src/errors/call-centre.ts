import type { Locale } from '../constants';

/** Error texts of the call centre (issue 26): seats, seat groups, call result settings, call lists. */
export const callCentreErrorTexts = {
  SEAT_NOT_FOUND: { 'en-US': 'The seat does not exist', 'zh-CN': '坐席不存在' },
  SEAT_JOB_NUMBER_INVALID: { 'en-US': 'A job number is digits only', 'zh-CN': '工号只能是数字' },
  SEAT_JOB_NUMBER_TAKEN: {
    'en-US': 'The company already has a seat with job number {jobNumber}',
    'zh-CN': '该公司已有工号为{jobNumber}的坐席',
  },
  SEAT_SIP_USERNAME_INVALID: {
    'en-US': 'A SIP username is letters, digits, dot, underscore and hyphen',
    'zh-CN': 'SIP用户名只能包含字母、数字、点、下划线和连字符',
  },
  SEAT_SIP_USERNAME_TAKEN: {
    'en-US': 'SIP username {sipUsername} is taken',
    'zh-CN': 'SIP用户名{sipUsername}已被使用',
  },
  SEAT_SIP_PASSWORD_SHORT: {
    'en-US': 'A SIP password has at least 6 characters',
    'zh-CN': 'SIP密码至少6个字符',
  },
  SEAT_USER_UNKNOWN: {
    'en-US': 'The user does not exist or belongs to another company',
    'zh-CN': '用户不存在或属于其他公司',
  },
  SEAT_GROUP_NOT_FOUND: { 'en-US': 'The seat group does not exist', 'zh-CN': '坐席组不存在' },
  SEAT_GROUP_NAME_TAKEN: {
    'en-US': 'The company already has a seat group with this name',
    'zh-CN': '该公司已有同名的坐席组',
  },
  SEAT_GROUP_UNKNOWN: {
    'en-US': 'A seat group does not exist or belongs to another company',
    'zh-CN': '坐席组不存在或属于其他公司',
  },
  SEAT_GROUP_MEMBER_UNKNOWN: {
    'en-US': 'A seat does not exist or belongs to another company',
    'zh-CN': '坐席不存在或属于其他公司',
  },
  CALL_RESULT_NOT_FOUND: { 'en-US': 'The call result does not exist', 'zh-CN': '通话结果不存在' },
  CALL_RESULT_NAME_TAKEN: {
    'en-US': 'The company already has a call result with this name',
    'zh-CN': '该公司已有同名的通话结果',
  },
  CALL_LIST_NOT_FOUND: { 'en-US': 'The call list does not exist', 'zh-CN': '呼叫名单不存在' },
  CALL_LIST_NAME_TAKEN: {
    'en-US': 'The company already has a call list with this name',
    'zh-CN': '该公司已有同名的呼叫名单',
  },
  CALL_LIST_NUMBERS_REQUIRED: { 'en-US': 'Add at least one number', 'zh-CN': '请至少添加一个号码' },
  CALL_LIST_NUMBER_INVALID: {
    'en-US': '{number} is not a phone number',
    'zh-CN': '{number}不是有效的电话号码',
  },
  CALL_LIST_TOO_MANY_COLUMNS: {
    'en-US': 'A call list keeps at most 20 columns beside number, name and notes',
    'zh-CN': '呼叫名单除号码、姓名和备注外最多保留20列',
  },
  OUTBOUND_TASK_NOT_FOUND: { 'en-US': 'The outbound task does not exist', 'zh-CN': '外呼任务不存在' },
  OUTBOUND_TASK_NAME_TAKEN: {
    'en-US': 'The company already has an outbound task with this name',
    'zh-CN': '该公司已有同名的外呼任务',
  },
  CALL_LIST_HAS_TASK: {
    'en-US': 'The call list already has an outbound task: {name}',
    'zh-CN': '该呼叫名单已有外呼任务：{name}',
  },
  OUTBOUND_TASK_ACTION_NOT_ALLOWED: {
    'en-US': 'The outbound task cannot do that while it is {state}',
    'zh-CN': '外呼任务处于{state}状态，不能执行此操作',
  },
  OUTBOUND_TASK_RUNNING: {
    'en-US': 'Stop the outbound task before changing or deleting it',
    'zh-CN': '请先停止外呼任务，再修改或删除',
  },
  OUTBOUND_TASK_LINK_UNKNOWN: {
    'en-US': 'The call list, seat group or caller group does not exist or belongs to another company',
    'zh-CN': '呼叫名单、坐席组或主叫号码组不存在或属于其他公司',
  },
  SEAT_GROUP_IN_USE: {
    'en-US': 'The seat group is used by outbound task {name}',
    'zh-CN': '该坐席组正被外呼任务{name}使用',
  },
} as const satisfies Record<string, Record<Locale, string>>;
