import type { Locale } from '../constants';

/** Error texts of IVR files and flows (issue 23). */
export const voiceIvrErrorTexts = {
  IVR_FILE_NAME_INVALID: {
    'en-US': 'A file name has only letters, digits and underscore',
    'zh-CN': '文件名只能包含字母、数字和下划线',
  },
  IVR_FILE_NAME_TAKEN: {
    'en-US': 'An IVR file with this name already exists for the company',
    'zh-CN': '该公司已存在同名语音文件',
  },
  IVR_FILE_REQUIRED: {
    'en-US': 'Choose a wav file to upload',
    'zh-CN': '请选择要上传的wav文件',
  },
  IVR_FILE_TOO_LARGE: {
    'en-US': 'The file is larger than {max} MB',
    'zh-CN': '文件大小超过{max} MB',
  },
  IVR_FILE_NOT_WAV: {
    'en-US': 'The file is not a wav file this system can read (PCM 8 to 32-bit, float, µ-law or A-law)',
    'zh-CN': '该文件不是可读取的wav文件（支持8至32位PCM、浮点、μ律或A律）',
  },
  IVR_FILE_EMPTY: {
    'en-US': 'The wav file holds no sound',
    'zh-CN': 'wav文件中没有音频',
  },
  IVR_FILE_TOO_LONG: {
    'en-US': 'The recording is longer than {max} minutes',
    'zh-CN': '录音时长超过{max}分钟',
  },
  IVR_FILE_IN_USE: {
    'en-US': 'The file is used by the IVR flow "{flow}"; change the flow first',
    'zh-CN': '该文件正被语音流程“{flow}”使用，请先修改流程',
  },
  IVR_TTS_FAILED: {
    'en-US': 'Text-to-speech did not succeed; try again',
    'zh-CN': '语音合成失败，请重试',
  },
  IVR_FLOW_NAME_TAKEN: {
    'en-US': 'An IVR flow with this name already exists for the company',
    'zh-CN': '该公司已存在同名语音流程',
  },
  IVR_NODE_ID_INVALID: {
    'en-US': 'A node id has only letters, digits and underscore',
    'zh-CN': '节点编号只能包含字母、数字和下划线',
  },
  IVR_NODE_ID_TAKEN: {
    'en-US': 'Two nodes have the same id',
    'zh-CN': '节点编号重复',
  },
  IVR_NODE_UNKNOWN: {
    'en-US': 'The branch goes to a node that is not in the flow',
    'zh-CN': '分支指向的节点不存在',
  },
  IVR_KEY_TAKEN: {
    'en-US': 'The key has two branches in this node',
    'zh-CN': '该按键在此节点中重复',
  },
  IVR_TRANSFER_NUMBER_INVALID: {
    'en-US': 'A transfer number has 3 to 20 digits, with an optional leading +',
    'zh-CN': '转接号码为3至20位数字，可带前导+',
  },
  IVR_PROMPT_NOT_FOUND: {
    'en-US': 'The prompt file is not one of the company’s IVR files',
    'zh-CN': '提示音文件不是该公司的语音文件',
  },
} as const satisfies Record<string, Record<Locale, string>>;
