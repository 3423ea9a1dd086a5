import { ReloadOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import type { Page } from '@switchboard/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Table, type TableColumnsType, Tooltip } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@/lib/api-client';

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

/** The query key prefix of a resource list: invalidate it after changing that resource. */
export const resourceKey = (path: string) => ['resource', path] as const;

export interface ToolbarContext<T> {
  selectedKeys: Key[];
  selectedRows: T[];
  clearSelection: () => void;
}

export interface ResourceTableProps<T extends object> {
  /** List endpoint answering `Page<T>` for `pageNo`, `pageSize` and the filters. */
  path: string;
  columns: TableColumnsType<T>;
  rowKey: keyof T & string;
  /** Form items of the query form (their `name`s become query parameters). */
  filters?: ReactNode;
  /** Turns form values into query parameters (dates, trimming). Default: strings trimmed, empties dropped. */
  toQuery?: (values: Record<string, unknown>) => QueryParams;
  /** Buttons above the table; with `selectable`, they get the selected rows. */
  toolbar?: (ctx: ToolbarContext<T>) => ReactNode;
  selectable?: boolean;
  title?: ReactNode;
  testId?: string;
}

function defaultQuery(values: Record<string, unknown>): QueryParams {
  const query: QueryParams = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string' && value.trim() !== '') query[key] = value.trim();
    else if (typeof value === 'number' || typeof value === 'boolean') query[key] = value;
  }
  return query;
}

/** One list screen: a query form, a toolbar and an antd table paged by the server. */
export function ResourceTable<T extends object>({
  path,
  columns,
  rowKey,
  filters,
  toQuery = defaultQuery,
  toolbar,
  selectable = false,
  title,
  testId,
}: ResourceTableProps<T>) {
  const { t } = useTranslation('system');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [query, setQuery] = useState<QueryParams>({});
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const [selected, setSelected] = useState<{ keys: Key[]; rows: T[] }>({ keys: [], rows: [] });

  const list = useQuery({
    queryKey: [...resourceKey(path), query, paging],
    queryFn: ({ signal }) => apiClient.get<Page<T>>(path, { ...query, ...paging }, signal),
    placeholderData: keepPreviousData,
  });

  const search = (values: Record<string, unknown>) => {
    setQuery(toQuery(values));
    setPaging((p) => ({ ...p, pageNo: 1 }));
  };
  const clearSelection = () => setSelected({ keys: [], rows: [] });

  return (
    <Card title={title} data-testid={testId}>
      {filters ? (
        <Form
          form={form}
          layout="inline"
          onFinish={search}
          style={{ marginBottom: 16, rowGap: 12 }}
          data-testid="query-form"
        >
          {filters}
          <Form.Item>
            <Flex gap={8}>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="query-submit">
                {t('table.search')}
              </Button>
              <Button
                icon={<UndoOutlined />}
                onClick={() => {
                  form.resetFields();
                  search({});
                }}
                data-testid="query-reset"
              >
                {t('table.reset')}
              </Button>
            </Flex>
          </Form.Item>
        </Form>
      ) : null}
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }} gap={8} wrap>
        <Flex gap={8} wrap>
          {toolbar?.({ selectedKeys: selected.keys, selectedRows: selected.rows, clearSelection })}
        </Flex>
        <Tooltip title={t('table.reload')}>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('table.reload')}
            onClick={() => void queryClient.invalidateQueries({ queryKey: resourceKey(path) })}
          />
        </Tooltip>
      </Flex>
      <Table<T>
        rowKey={rowKey}
        size="middle"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selected.keys,
                onChange: (keys, rows) => setSelected({ keys, rows }),
              }
            : undefined
        }
        pagination={{
          current: paging.pageNo,
          pageSize: paging.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('table.total', { total }),
          onChange: (pageNo, pageSize) => setPaging({ pageNo, pageSize }),
        }}
      />
    </Card>
  );
}
