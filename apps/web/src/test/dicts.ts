import { ANNOUNCEMENT_DICTS, type DictItem } from '@switchboard/contracts';
import type { Call, Reply } from './fake-api';

/** [value, en-US, zh-CN]: what the server seeds for the announcement dictionaries. */
const ANNOUNCEMENT_DICT_ITEMS: Record<string, [string, string, string][]> = {
  [ANNOUNCEMENT_DICTS.sendStatus]: [
    ['0', 'Draft', '未发布'],
    ['1', 'Published', '已发布'],
    ['2', 'Revoked', '已撤销'],
  ],
  [ANNOUNCEMENT_DICTS.category]: [
    ['1', 'Notice', '通知公告'],
    ['2', 'System message', '系统消息'],
  ],
  [ANNOUNCEMENT_DICTS.priority]: [
    ['L', 'General', '一般'],
    ['M', 'Important', '重要'],
    ['H', 'Urgent', '紧急'],
  ],
  [ANNOUNCEMENT_DICTS.openType]: [
    ['0', 'Listed only', '仅在列表中显示'],
    ['1', 'Pops up when it arrives', '送达时自动弹出'],
  ],
};

const DICT_PATH = /^\/sys\/dict\/getDictItems\/([^/]+)$/;

/**
 * The dictionary endpoint for a fake API: the announcement dictionaries in the language the call
 * asks for, `overrides` first; any other code is empty.
 */
export function dictReply(call: Call, overrides: Record<string, DictItem[]> = {}): Reply | undefined {
  const code = DICT_PATH.exec(call.path)?.[1];
  if (code === undefined) return undefined;
  const override = overrides[code];
  if (override) return { result: override };
  const zh = call.locale === 'zh-CN';
  const items = (ANNOUNCEMENT_DICT_ITEMS[code] ?? []).map(([value, en, zhText]) => {
    const text = zh ? zhText : en;
    return { value, text, label: text };
  });
  return { result: items };
}
