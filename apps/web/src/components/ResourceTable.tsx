import { FilterOutlined, ReloadOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import type { KeysetPage, Page } from '@switchboard/contracts';
import { keepPreviousData, type UseQueryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Flex, Form, type TableColumnsType, type TableProps, Tooltip } from 'antd';
import { type Key, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import type { ApiError } from '@/lib/api-client';
import { MOBILE_SCREEN, useMediaQuery } from '@/lib/use-media-query';
import { DataTable } from './DataTable';
import { KeysetPager } from './KeysetPager';
import { type ListQuerySchema, SAME_TAB_STATE, type TableUrlState, tableUrlCodec } from './table-url-state';

type QueryValue = string | number | boolean | null | undefined;

/** Filters as query parameters: only parameters the list's contract query schema has. */
export type FilterParams<S extends ListQuerySchema> = { [K in keyof z.input<S> & string]?: QueryValue };

/** The parameters a list is asked with: its query as the URL holds it, paging as whole numbers. */
export type ListParams<S extends ListQuerySchema> = Omit<z.input<S>, 'pageNo' | 'pageSize'> & {
  pageNo?: number;
  pageSize?: number;
};

/** One page of a list as its endpoint answers: by number with a total, or by key. */
export type ListPage = Page<object> | KeysetPage<object>;

/** The page a list answers, as its query schema says: by key when it takes a `cursor`. */
export type ListPageOf<S extends ListQuerySchema> = 'cursor' extends keyof z.input<S>
  ? KeysetPage<object>
  : Page<object>;

/** A row of a list page. */
export type RowOf<R extends ListPage> = R['records'][number];

export interface ToolbarContext<T> {
  selectedKeys: Key[];
  selectedRows: T[];
  clearSelection: () => void;
  /** The list's applied filters and sort as the URL holds them (what an export sends). */
  params: Record<string, string>;
}

/** URL keys of the sort (`column`/`order`, the conventions' list query): not filters of the form. */
const SORT_KEYS = ['column', 'order'] as const;

export interface ResourceTableProps<
  S extends ListQuerySchema,
  R extends ListPageOf<S>,
  K extends readonly [...unknown[], ListParams<S>],
> {
  /**
   * The list's query schema from the contracts (`userListQuerySchema`…): the parameters read from
   * the URL, and how the list pages — by number (`pageNo`) or, for the logs, by key (`cursor`).
   */
  params: S;
  /**
   * The query options of one page of the list for the parameters (`listUsersQuery`…, from the
   * feature's `api/list-*.ts`): `Page<Row>`, or `KeysetPage<Row>` for a keyset schema. The key
   * ends with the parameters; what comes before them is every page's key (Reload invalidates it).
   */
  query: (params: ListParams<S>) => UseQueryOptions<R, ApiError, R, K>;
  columns: TableColumnsType<RowOf<R>>;
  rowKey: keyof RowOf<R> & string;
  /** Form items of the query form (their `name`s become query parameters). */
  filters?: ReactNode;
  /** Turns form values into query parameters (dates, trimming). Default: strings trimmed, empties dropped. */
  toQuery?: (values: Record<string, unknown>) => FilterParams<S>;
  /** The reverse of `toQuery`: form values from the URL's query parameters. Default: as they are. */
  fromQuery?: (query: Record<string, string>) => Record<string, unknown>;
  /** Buttons above the table; with `selectable`, they get the selected rows. */
  toolbar?: (ctx: ToolbarContext<RowOf<R>>) => ReactNode;
  selectable?: boolean;
  /**
   * On a phone the query form folds behind a Filters button (showing how many are applied), so
   * the rows come first. Default true; false keeps the form open everywhere (a list whose one
   * filter is the point of the screen).
   */
  collapsible?: boolean;
  title?: ReactNode;
  testId?: string;
}

function defaultQuery(values: Record<string, unknown>): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string' && value.trim() !== '') query[key] = value.trim();
    else if (typeof value === 'number' || typeof value === 'boolean') query[key] = value;
  }
  return query;
}

/** Query parameters as the URL holds them: text, without the empty ones. */
function asText(query: Record<string, QueryValue>): Record<string, string> {
  const text: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') text[key] = String(value);
  }
  return text;
}

const sameValues = (query: Record<string, string>): Record<string, unknown> => query;

const isKeysetPage = (data: ListPage | undefined): data is KeysetPage<object> =>
  data !== undefined && 'nextCursor' in data;

/**
 * One list screen: a query form, a toolbar and an antd table paged by the server, by page number
 * with a total or, for the lists paged by key (the logs), newest first with newer/older steps.
 * Paging and the applied filters live in the URL query (one table per screen), so a reload or a
 * shared link shows the same rows and back/forward step through them.
 */
export function ResourceTable<
  S extends ListQuerySchema,
  R extends ListPageOf<S>,
  K extends readonly [...unknown[], ListParams<S>],
>({
  params: schema,
  query: listQuery,
  columns,
  rowKey,
  filters,
  toQuery,
  fromQuery = sameValues,
  toolbar,
  selectable = false,
  collapsible = true,
  title,
  testId,
}: ResourceTableProps<S, R, K>) {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  const location = useLocation();
  const navigate = useNavigate();
  const codec = useMemo(() => tableUrlCodec(schema), [schema]);
  const urlState = useMemo(() => codec.read(location.search), [codec, location.search]);
  const { query, pageNo, pageSize, cursors } = urlState;
  const [selected, setSelected] = useState<{ keys: Key[]; rows: RowOf<R>[] }>({ keys: [], rows: [] });
  const mobile = useMediaQuery(MOBILE_SCREEN);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const folded = collapsible && mobile && !filtersOpen;
  // A list whose query schema takes `column` sorts on the server: the sorter columns follow the URL.
  const sortable = 'column' in schema.shape;

  // The form follows the URL when something else changes it (back/forward, a link); not after
  // this table's own paging, nor when a kept-alive page shows again (typed text stays then).
  const syncedSearch = useRef(location.search);
  useEffect(() => {
    if (syncedSearch.current === location.search) return;
    syncedSearch.current = location.search;
    form.resetFields();
    form.setFieldsValue(fromQuery(urlState.query));
  }, [form, fromQuery, location.search, urlState.query]);

  // The URL's parameters, read through the list's schema: its own, paging within its bounds.
  const options = listQuery(codec.params(urlState) as ListParams<S>);
  const list = useQuery({ ...options, placeholderData: keepPreviousData });
  const data: ListPage | undefined = list.data;

  const show = (next: TableUrlState) => {
    const search = codec.write(next);
    if (search === codec.write(urlState)) {
      void list.refetch();
      return;
    }
    syncedSearch.current = search;
    navigate({ pathname: location.pathname, search }, { state: SAME_TAB_STATE });
  };

  const sortQuery = Object.fromEntries(
    SORT_KEYS.filter((key) => query[key] !== undefined).map((key) => [key, query[key] as string]),
  );
  const search = (values: Record<string, unknown>) => {
    show({
      // A new search keeps the sort.
      query: { ...asText(toQuery ? toQuery(values) : defaultQuery(values)), ...sortQuery },
      pageNo: 1,
      pageSize,
      cursors: [],
    });
  };
  const appliedFilters = Object.keys(query).filter(
    (key) => !(SORT_KEYS as readonly string[]).includes(key),
  ).length;

  const shownColumns = useMemo(() => {
    if (!sortable) return columns;
    return columns.map((column) => {
      const key =
        'dataIndex' in column && typeof column.dataIndex === 'string' ? column.dataIndex : column.key;
      if (!column.sorter || typeof key !== 'string') return column;
      return {
        ...column,
        key,
        sortOrder: query.column === key ? (query.order === 'desc' ? 'descend' : 'ascend') : null,
        sortDirections: ['ascend', 'descend'],
      } as typeof column;
    });
  }, [columns, sortable, query.column, query.order]);

  const onTableChange: TableProps<RowOf<R>>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort' || Array.isArray(sorter)) return;
    const rest = Object.fromEntries(
      Object.entries(query).filter(([key]) => !(SORT_KEYS as readonly string[]).includes(key)),
    );
    const column = sorter.order ? String(sorter.columnKey ?? sorter.field ?? '') : '';
    show({
      query: column ? { ...rest, column, order: sorter.order === 'descend' ? 'desc' : 'asc' } : rest,
      pageNo: 1,
      pageSize,
      cursors: [],
    });
  };
  const clearSelection = () => setSelected({ keys: [], rows: [] });

  return (
    // A phone's narrow padding leaves the table room for its key columns beside the actions.
    <Card title={title} size={mobile ? 'small' : 'default'} data-testid={testId}>
      {filters && collapsible && mobile ? (
        <Badge count={appliedFilters} size="small" offset={[-4, 4]}>
          <Button
            icon={<FilterOutlined />}
            onClick={() => setFiltersOpen((open) => !open)}
            aria-expanded={filtersOpen}
            style={{ marginBottom: 12 }}
            data-testid="query-toggle"
          >
            {filtersOpen ? t('table.hideFilters') : t('table.filters')}
          </Button>
        </Badge>
      ) : null}
      {filters ? (
        <Form
          hidden={folded}
          form={form}
          // Field ids get this prefix (`query_name`): a filter and the add/edit form's field of the
          // same name must not share an id, or the form's label points at the filter.
          name="query"
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
          {toolbar?.({
            selectedKeys: selected.keys,
            selectedRows: selected.rows,
            clearSelection,
            params: query,
          })}
        </Flex>
        <Tooltip title={t('table.reload')}>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('table.reload')}
            // Every page of the list: those cached are as old as the shown one.
            onClick={() => void queryClient.invalidateQueries({ queryKey: options.queryKey.slice(0, -1) })}
          />
        </Tooltip>
      </Flex>
      <DataTable<RowOf<R>>
        rowKey={rowKey}
        size="middle"
        columns={shownColumns}
        onChange={onTableChange}
        dataSource={(data?.records ?? []) as RowOf<R>[]}
        loading={list.isFetching}
        // As wide as the card, cells wrapping where they must; a table that cannot fit even then
        // (a phone) scrolls sideways inside the card.
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
        pagination={
          codec.mode === 'page'
            ? {
                current: pageNo,
                pageSize,
                total: data && !isKeysetPage(data) ? data.total : 0,
                showSizeChanger: true,
                showTotal: (total) => t('table.total', { total }),
                onChange: (nextPageNo, nextPageSize) =>
                  show({
                    query,
                    pageNo: nextPageSize === pageSize ? nextPageNo : 1,
                    pageSize: nextPageSize,
                    cursors: [],
                  }),
              }
            : false
        }
      />
      {codec.mode === 'keyset' ? (
        <KeysetPager
          pageNumber={cursors.length + 1}
          pageSize={pageSize}
          hasNext={isKeysetPage(data) && data.nextCursor !== null}
          disabled={list.isPlaceholderData}
          onNewest={() => show({ ...urlState, cursors: [] })}
          onPrevious={() => show({ ...urlState, cursors: cursors.slice(0, -1) })}
          onNext={() => {
            if (isKeysetPage(data) && data.nextCursor)
              show({ ...urlState, cursors: [...cursors, data.nextCursor] });
          }}
          onPageSize={(nextPageSize) => show({ ...urlState, pageSize: nextPageSize, cursors: [] })}
        />
      ) : null}
    </Card>
  );
}
