import { ANNOUNCEMENT_DICTS } from '@switchboard/contracts';
import { type TableColumnType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDict } from '@/components/dict';
import { PRIORITY_COLOURS } from './NoticeModal';

/** The category and priority columns of a notice list, named by their dictionaries. */
export function useNoticeColumns<T extends { msgCategory: string; priority: string }>() {
  const { t } = useTranslation('notices');
  const categories = useDict(ANNOUNCEMENT_DICTS.category);
  const priorities = useDict(ANNOUNCEMENT_DICTS.priority);
  const category: TableColumnType<T> = {
    title: t('columns.category'),
    dataIndex: 'msgCategory',
    responsive: ['md'],
    render: (value: string) => categories.textOf(value),
  };
  const priority: TableColumnType<T> = {
    title: t('columns.priority'),
    dataIndex: 'priority',
    responsive: ['md'],
    render: (value: string) => (
      <Tag color={PRIORITY_COLOURS[value] ?? 'default'}>{priorities.textOf(value)}</Tag>
    ),
  };
  return { categories, category, priority };
}
