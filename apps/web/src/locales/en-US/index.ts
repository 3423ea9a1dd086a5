import antd from 'antd/es/locale/en_US';
import type { LocaleBundle } from '../bundle';

/** Everything English needs, in one chunk loaded only when English is in use (or as the fallback). */
const bundle: LocaleBundle = {
  messages: import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' }),
  antd,
  dayjs: 'en',
};
export default bundle;
