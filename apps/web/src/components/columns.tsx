import type { TableColumnType } from 'antd';
import { DateTimeText } from './DateTimeText';

interface NamedIn {
  dataIndex: string;
  title: string;
}

/**
 * The two name columns of a record named in both languages: the reader's language first, the
 * other from `secondFrom` screens on. The list sorts by the English name only, or by both. Each
 * column's cells say their language (`lang`): the English name on a Chinese screen is data shown
 * for editing, not an untranslated text (the Chinese walk, e2e/28-chinese-walk, reads it so).
 */
export function bilingualNameColumns<T>(
  zh: boolean,
  names: { en: NamedIn; zh: NamedIn },
  options: { sortBoth: boolean; secondFrom: 'md' | 'lg' },
): TableColumnType<T>[] {
  const en = (value: unknown) => <span lang="en">{value == null ? '' : String(value)}</span>;
  const cn = (value: unknown) => <span lang="zh-CN">{value == null ? '' : String(value)}</span>;
  const [first, second] = zh
    ? [
        { ...names.zh, render: cn },
        { ...names.en, render: en },
      ]
    : [
        { ...names.en, render: en },
        { ...names.zh, render: cn },
      ];
  return [
    { ...first, sorter: options.sortBoth || !zh },
    { ...second, sorter: options.sortBoth, responsive: [options.secondFrom] },
  ];
}

/** A sortable date-and-time column, from medium screens on. */
export function dateTimeColumn<T>(title: string, dataIndex: string): TableColumnType<T> {
  return {
    title,
    dataIndex,
    sorter: true,
    responsive: ['md'],
    render: (value: string) => <DateTimeText value={value} />,
  };
}
