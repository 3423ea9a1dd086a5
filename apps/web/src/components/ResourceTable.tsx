import { ReloadOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import type { Page } from '@switchboard/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Table, type TableColumnsType, Tooltip } from 'antd';
import { type Key, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { apiClient } from '@/lib/api-client';
import { MOBILE_SCREEN, useMediaQuery } from '@/lib/use-media-query';
import { resourceKey } from './resource-key';
import { readTableState, SAME_TAB_STATE, writeTableState } from './table-url-state';

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

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
  /** The reverse of `toQuery`: form values from the URL's query parameters. Default: as they are. */
  fromQuery?: (query: Record<string, string>) => Record<string, unknown>;
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

const sameValues = (query: Record<string, string>): Record<string, unknown> => query;

/**
 * One list screen: a query form, a toolbar and an antd table paged by the server. Page number,
 * page size and the applied filters live in the URL query (one table per screen), so a reload or
 * a shared link shows the same rows and back/forward step through them.
 */
export function ResourceTable<T extends object>({
  path,
  columns,
  rowKey,
  filters,
  toQuery = defaultQuery,
  fromQuery = sameValues,
  toolbar,
  selectable = false,
  title,
  testId,
}: ResourceTableProps<T>) {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  const location = useLocation();
  const navigate = useNavigate();
  const urlState = useMemo(() => readTableState(location.search), [location.search]);
  const { query, pageNo, pageSize } = urlState;
  const [selected, setSelected] = useState<{ keys: Key[]; rows: T[] }>({ keys: [], rows: [] });
  const mobile = useMediaQuery(MOBILE_SCREEN);

  // The form follows the URL when something else changes it (back/forward, a link); not after
  // this table's own paging, nor when a kept-alive page shows again (typed text stays then).
  const syncedSearch = useRef(location.search);
  useEffect(() => {
    if (syncedSearch.current === location.search) return;
    syncedSearch.current = location.search;
    form.resetFields();
    form.setFieldsValue(fromQuery(urlState.query));
  }, [form, fromQuery, location.search, urlState.query]);

  const list = useQuery({
    queryKey: [...resourceKey(path), query, { pageNo, pageSize }],
    queryFn: ({ signal }) => apiClient.get<Page<T>>(path, { ...query, pageNo, pageSize }, signal),
    placeholderData: keepPreviousData,
  });

  const show = (next: { query: QueryParams; pageNo: number; pageSize: number }) => {
    const search = writeTableState(next);
    if (search === writeTableState(urlState)) {
      void list.refetch();
      return;
    }
    syncedSearch.current = search;
    navigate({ pathname: location.pathname, search }, { state: SAME_TAB_STATE });
  };

  const search = (values: Record<string, unknown>) => {
    show({ query: toQuery(values), pageNo: 1, pageSize });
  };
  const clearSelection = () => setSelected({ keys: [], rows: [] });

  return (
    // A phone's narrow padding leaves the table room for its key columns beside the actions.
    <Card title={title} size={mobile ? 'small' : 'default'} data-testid={testId}>
      {filters ? (
        <Form
          form={form}
          // On a phone the filters stand one under another, each no wider than the card.
          layout={mobile ? 'vertical' : 'inline'}
          className="sb-query-form"
          initialValues={fromQuery(query)}
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
                  // Empty, not back to the initial values (those are the filters the URL had).
                  const values = form.getFieldsValue(true) as Record<string, unknown>;
                  form.setFieldsValue(Object.fromEntries(Object.keys(values).map((key) => [key, undefined])));
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
        // As wide as the card, cells wrapping where they must; only a table that cannot fit even
        // then (a phone) scrolls sideways inside the card, its actions column kept in view.
        scroll={{ x: true }}
        tableLayout="auto"
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selected.keys,
                onChange: (keys, rows) => setSelected({ keys, rows }),
              }
            : undefined
        }
        pagination={{
          current: pageNo,
          pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('table.total', { total }),
          onChange: (nextPageNo, nextPageSize) =>
            show({ query, pageNo: nextPageSize === pageSize ? nextPageNo : 1, pageSize: nextPageSize }),
        }}
      />
    </Card>
  );
}
