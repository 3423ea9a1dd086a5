import {
  type Locale,
  type PermissionCode,
  statsRebuildResultSchema,
  statsRebuildSchema,
} from '@switchboard/contracts';
import { z } from 'zod';
import { type AuthContext, requireAuth } from '../access';
import { ok, okResponse } from '../envelope';
import type { Api } from '../module';
import { exportRoute, type ResourceColumn } from '../resource';

type Text = Record<Locale, string>;
type AnyObject = z.ZodObject<z.ZodRawShape>;

/** A rate 0..1 as a percentage with two decimals in an export ('' for none). */
export const percentCell = (rate: number | null) => (rate === null ? '' : `${(rate * 100).toFixed(2)}%`);

/** What every statistics row ends with: revenue, and for staff cost and margin. */
interface MoneyFigures {
  revenue: unknown;
  cost: unknown;
  margin: unknown;
}

/**
 * The columns of a statistics export: the row's name (headed by its dimension), the figures of
 * its kind, the revenue, and for staff the cost and the margin.
 */
export function statsColumns<Row extends MoneyFigures>(
  keyHeader: Text,
  figures: ResourceColumn<Row>[],
  staff: boolean,
): ResourceColumn<Row>[] {
  const money = (key: keyof MoneyFigures, header: Text): ResourceColumn<Row> => ({
    key,
    header,
    kind: 'money',
    decimals: 6,
  });
  return [
    { key: 'name', header: keyHeader, width: 24 },
    ...figures,
    money('revenue', { 'en-US': 'Revenue', 'zh-CN': '收入' }),
    ...(staff
      ? [
          money('cost', { 'en-US': 'Cost', 'zh-CN': '成本' }),
          money('margin', { 'en-US': 'Margin', 'zh-CN': '毛利' }),
        ]
      : []),
  ];
}

/** One kind of statistics' routes (see `statsRoutes`). */
export interface StatsRoutesSpec<D extends string, Q extends AnyObject, Row> {
  /** `/sms/analysis`: the routes are `<base>/<path of a dimension>`, `<base>/exportXls` and `<base>/rebuild`. */
  base: string;
  dimensions: readonly D[];
  /** `byDay`, `byTask`, … */
  paths: Record<D, string>;
  /** Figures by one dimension. */
  analysis: {
    access: (dimension: D) => PermissionCode;
    summary: (dimension: D) => string;
    query: Q;
    response: z.ZodType;
    run: (auth: AuthContext, dimension: D, query: z.output<Q>) => Promise<{ rows: Row[] }>;
  };
  /** The figures of a dimension (`dimension`, default `day`) as .xlsx. */
  export: {
    permission: PermissionCode;
    summary: string;
    /** The columns of a dimension's export for the caller (see `statsColumns`). */
    columns: (dimension: D, auth: AuthContext) => ResourceColumn<Row>[];
    filename: string;
    sheet: Text;
  };
  /** The daily roll-up of a period computed again (administrators). */
  rebuild: {
    permission: PermissionCode;
    summary: string;
    run: (dateFrom: Date, dateTo: Date) => Promise<{ days: number; rows: number }>;
  };
}

/**
 * The routes of one kind of statistics: the figures by each dimension (`GET <base>/<path>`), their
 * export (`GET <base>/exportXls?dimension=`) and the roll-up's rebuild (`POST <base>/rebuild`).
 */
export function statsRoutes<D extends string, Q extends AnyObject, Row>(
  api: Api,
  spec: StatsRoutesSpec<D, Q, Row>,
) {
  const { analysis } = spec;
  for (const dimension of spec.dimensions) {
    api.get(
      `${spec.base}/${spec.paths[dimension]}`,
      {
        config: { access: { permission: analysis.access(dimension) } },
        schema: {
          summary: analysis.summary(dimension),
          querystring: analysis.query,
          response: okResponse(analysis.response),
        },
      },
      async (request) =>
        ok(request, await analysis.run(requireAuth(request), dimension, request.query as z.output<Q>)),
    );
  }

  const [first, ...others] = spec.dimensions;
  exportRoute(
    api,
    `${spec.base}/exportXls`,
    { summary: spec.export.summary, access: { permission: spec.export.permission } },
    {
      query: analysis.query.extend({
        dimension: z.enum([first as D, ...others] as [D, ...D[]]).default(first as never),
      }),
      columns: async (query, auth) => spec.export.columns(query.dimension as D, auth),
      rows: async (query, auth) =>
        (await analysis.run(auth, query.dimension as D, query as z.output<Q>)).rows,
      filename: spec.export.filename,
      sheet: spec.export.sheet,
    },
  );

  api.post(
    `${spec.base}/rebuild`,
    {
      config: { access: { permission: spec.rebuild.permission } },
      schema: {
        summary: spec.rebuild.summary,
        body: statsRebuildSchema,
        response: okResponse(statsRebuildResultSchema),
      },
    },
    async (request) => ok(request, await spec.rebuild.run(request.body.dateFrom, request.body.dateTo)),
  );
}
