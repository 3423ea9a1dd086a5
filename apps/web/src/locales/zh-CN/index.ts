import antd from 'antd/es/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import type { LocaleBundle } from '../bundle';

/** Everything Simplified Chinese needs, in one chunk loaded only when Chinese is chosen. */
const bundle: LocaleBundle = {
  messages: import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' }),
  antd,
  dayjs: 'zh-cn',
};
export default bundle;
