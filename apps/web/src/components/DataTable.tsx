import { Table, type TableColumnsType, type TableProps } from 'antd';
import { useMemo } from 'react';
import { MOBILE_SCREEN, useMediaQuery } from '@/lib/use-media-query';

/** Columns without `fixed` (and their children's), for a phone. */
export function unfixedColumns<T>(columns: TableColumnsType<T> | undefined): TableColumnsType<T> | undefined {
  return columns?.map((column) => {
    const { fixed: _fixed, ...rest } = column;
    return 'children' in column && column.children
      ? ({ ...rest, children: unfixedColumns(column.children) } as (typeof columns)[number])
      : (rest as (typeof columns)[number]);
  });
}

/**
 * antd's Table as every list in the console shows it. On a wide screen as given (as wide as its
 * card, its actions column kept in view at the right). On a phone one way for every list: the
 * table scrolls sideways inside its card with readable columns (headers on one line, cells
 * breaking between words only: styles.css), and no column is fixed, so nothing (the actions
 * column, a key column) lies over the cells scrolled beneath it.
 */
export function DataTable<T extends object>({ columns, rowSelection, scroll, ...props }: TableProps<T>) {
  const mobile = useMediaQuery(MOBILE_SCREEN);
  const shownColumns = useMemo(() => (mobile ? unfixedColumns(columns) : columns), [mobile, columns]);
  return (
    <Table<T>
      {...props}
      // A table that set no scrolling of its own scrolls sideways on a phone (on a wide screen it
      // stays as it was: antd's scrolling adds a measuring row to the body).
      scroll={scroll ?? (mobile ? { x: true } : undefined)}
      columns={shownColumns}
      rowSelection={mobile && rowSelection ? { ...rowSelection, fixed: false } : rowSelection}
    />
  );
}
