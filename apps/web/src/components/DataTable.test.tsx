import { render } from '@testing-library/react';
import type { TableColumnsType } from 'antd';
import { describe, expect, it } from 'vitest';
import { setScreenWidth } from '@/test/screen';
import { DataTable, unfixedColumns } from './DataTable';

interface Row {
  id: string;
  name: string;
  status: string;
}

const columns: TableColumnsType<Row> = [
  { title: 'Name', dataIndex: 'name', fixed: 'left' },
  { title: 'Group', children: [{ title: 'Status', dataIndex: 'status', fixed: 'left' }] },
  { title: 'Actions', key: 'actions', fixed: 'right', render: () => 'More' },
];
const rows: Row[] = [{ id: '1', name: 'demo-smsc', status: 'Enabled' }];

const fixedCells = (container: HTMLElement) =>
  container.querySelectorAll('[class*="ant-table-cell-fix"]').length;

describe('unfixedColumns', () => {
  it('drops `fixed` from every column and its children, keeping the rest', () => {
    const shown = unfixedColumns(columns) ?? [];
    expect(shown.map((c) => ('fixed' in c ? c.fixed : undefined))).toEqual([undefined, undefined, undefined]);
    const group = shown[1] as { children: TableColumnsType<Row> };
    expect(group.children[0]).toEqual({ title: 'Status', dataIndex: 'status' });
    expect(shown[2]?.title).toBe('Actions');
  });
});

describe('<DataTable>', () => {
  it('keeps the fixed columns on a wide screen', () => {
    const { container } = render(<DataTable<Row> rowKey="id" columns={columns} dataSource={rows} />);
    expect(fixedCells(container)).toBeGreaterThan(0);
  });

  it('fixes no column on a phone (the table scrolls sideways, nothing lies over the data)', () => {
    setScreenWidth(390);
    const { container } = render(
      <DataTable<Row>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        rowSelection={{ fixed: true, selectedRowKeys: [] }}
      />,
    );
    expect(container.textContent).toContain('demo-smsc');
    expect(fixedCells(container)).toBe(0);
  });
});
