import type {
  PageQuery,
  voiceRouteEditSchema,
  voiceRouteInputSchema,
  voiceRouteSchema,
} from '@switchboard/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/envelope';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import type { TrunkRepo, VoiceRouteFilters, VoiceRouteRow } from './repo';
import type { TrunkWrite } from './writes';

type RouteInput = z.output<typeof voiceRouteInputSchema>;
type RouteEdit = z.output<typeof voiceRouteEditSchema>;
export type VoiceRouteView = z.output<typeof voiceRouteSchema>;

function routeValuesOf(input: RouteInput) {
  return {
    name: input.name,
    companyId: input.companyId ?? null,
    countryCode: input.countryCode ?? null,
    prefix: input.prefix ?? null,
    enabled: input.enabled,
    sortOrder: input.sortOrder,
    remark: input.remark ?? null,
  };
}

/** The voice routes (`/voip/route`): which numbers of which company go to which trunks, in order. */
export class VoiceRoutes {
  constructor(
    private readonly repo: TrunkRepo,
    private readonly write: TrunkWrite,
    private readonly companies: Services['companies'],
  ) {}

  private async views(rows: VoiceRouteRow[]): Promise<VoiceRouteView[]> {
    const links = await this.repo.routeTrunks(rows.map((r) => r.id));
    const [trunks, names] = await Promise.all([
      this.repo.trunksByIds([...new Set(links.map((l) => l.trunkId))]),
      this.companies.namesOf([...new Set(rows.flatMap((r) => (r.companyId ? [r.companyId] : [])))]),
    ]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      companyId: r.companyId,
      companyName: r.companyId ? (names.get(r.companyId) ?? null) : null,
      countryCode: r.countryCode,
      prefix: r.prefix,
      enabled: r.enabled,
      sortOrder: r.sortOrder,
      trunks: links
        .filter((l) => l.routeId === r.id)
        .map((l) => ({ id: l.trunkId, name: trunks.find((t) => t.id === l.trunkId)?.name ?? '' })),
      remark: r.remark,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    }));
  }

  private async check(input: RouteInput): Promise<void> {
    const trunks = await this.repo.trunksByIds(input.trunkIds);
    if (trunks.length !== input.trunkIds.length) throw new AppError('VOICE_ROUTE_TRUNK_UNKNOWN', 400);
    if (input.companyId && !(await this.companies.find(input.companyId)))
      throw new AppError('COMPANY_NOT_FOUND', 400);
  }

  list(query: PageQuery & VoiceRouteFilters) {
    return paginate(
      query,
      () => this.repo.countRoutes(query),
      async (limit, offset) => this.views(await this.repo.listRoutes(query, limit, offset)),
    );
  }

  async get(id: string): Promise<VoiceRouteView> {
    const row = await this.repo.route(id);
    if (!row) throw new AppError('VOICE_ROUTE_NOT_FOUND', 404);
    return (await this.views([row]))[0]!;
  }

  async add(input: RouteInput): Promise<VoiceRouteView> {
    const row = await this.write(async () => {
      await this.check(input);
      const route = await this.repo.insertRoute(routeValuesOf(input));
      await this.repo.setRouteTrunks(route.id, input.trunkIds);
      return route;
    });
    return (await this.views([row]))[0]!;
  }

  async edit(input: RouteEdit): Promise<VoiceRouteView> {
    const row = await this.write(async () => {
      await this.check(input);
      const route = await this.repo.updateRoute(input.id, routeValuesOf(input));
      if (!route) throw new AppError('VOICE_ROUTE_NOT_FOUND', 404);
      await this.repo.setRouteTrunks(route.id, input.trunkIds);
      return route;
    });
    return (await this.views([row]))[0]!;
  }

  remove(ids: string[]): Promise<number> {
    return this.write(async () => {
      const rows = await this.repo.routesByIds(ids);
      if (rows.length !== new Set(ids).size) throw new AppError('VOICE_ROUTE_NOT_FOUND', 404);
      return this.repo.deleteRoutes(ids);
    });
  }
}
