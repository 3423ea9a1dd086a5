import type {
  PageQuery,
  TrunkOption,
  trunkEditSchema,
  trunkInputSchema,
  trunkSchema,
} from '@switchboard/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/envelope';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import type { TrunkFilters, TrunkRepo, TrunkRow, TrunkValues } from './repo';
import type { TrunkWrite } from './writes';

type TrunkInput = z.output<typeof trunkInputSchema>;
type TrunkEdit = z.output<typeof trunkEditSchema>;
export type TrunkView = z.output<typeof trunkSchema>;

function trunkValuesOf(input: TrunkInput): Omit<TrunkValues, 'id'> {
  const rule = input.callerIdRule;
  return {
    name: input.name,
    enabled: input.enabled,
    host: input.host,
    port: input.port,
    transport: input.transport,
    tlsVerify: input.tlsVerify,
    authMode: input.authMode,
    sipAccountId: input.sipAccountId ?? null,
    codecs: input.codecs,
    maxCalls: input.maxCalls,
    cps: input.cps,
    callerIdRule: rule,
    // Only the setting of the chosen rule is kept.
    callerGroupId: rule === 'group' ? (input.callerGroupId ?? null) : null,
    fixedCallerId: rule === 'fixed' ? (input.fixedCallerId ?? null) : null,
    stripPrefix: rule === 'strip_prefix' ? (input.stripPrefix ?? null) : null,
    optionsIntervalS: input.optionsIntervalS,
    remark: input.remark ?? null,
  };
}

/** The voice trunks (`/voip/trunk`): their settings, the SIP account and caller group they name. */
export class TrunkAdmin {
  constructor(
    private readonly repo: TrunkRepo,
    private readonly write: TrunkWrite,
    private readonly callers: Services['callers'],
  ) {}

  private async views(rows: TrunkRow[]): Promise<TrunkView[]> {
    const accounts = await this.repo.sipAccountsByIds([
      ...new Set(rows.flatMap((r) => (r.sipAccountId ? [r.sipAccountId] : []))),
    ]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      enabled: r.enabled,
      host: r.host,
      port: r.port,
      transport: r.transport,
      tlsVerify: r.tlsVerify,
      authMode: r.authMode,
      sipAccountId: r.sipAccountId,
      sipUsername: accounts.find((a) => a.id === r.sipAccountId)?.username ?? null,
      codecs: r.codecs,
      maxCalls: r.maxCalls,
      cps: r.cps,
      callerIdRule: r.callerIdRule,
      callerGroupId: r.callerGroupId,
      fixedCallerId: r.fixedCallerId,
      stripPrefix: r.stripPrefix,
      optionsIntervalS: r.optionsIntervalS,
      remark: r.remark,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    }));
  }

  /** The SIP account and caller group a trunk names must exist. */
  private async checkRefs(input: TrunkInput): Promise<void> {
    if (input.sipAccountId && !(await this.repo.sipAccount(input.sipAccountId)))
      throw new AppError('SIP_ACCOUNT_NOT_FOUND', 400);
    if (input.callerIdRule === 'group' && input.callerGroupId) {
      if (!(await this.callers.groupById(input.callerGroupId)))
        throw new AppError('CALLER_GROUP_NOT_FOUND', 400);
    }
  }

  list(query: PageQuery & TrunkFilters) {
    return paginate(
      query,
      () => this.repo.countTrunks(query),
      async (limit, offset) => this.views(await this.repo.listTrunks(query, limit, offset)),
    );
  }

  async get(id: string): Promise<TrunkView> {
    const row = await this.repo.trunk(id);
    if (!row) throw new AppError('TRUNK_NOT_FOUND', 404);
    return (await this.views([row]))[0]!;
  }

  async add(input: TrunkInput): Promise<TrunkView> {
    const row = await this.write(async () => {
      await this.checkRefs(input);
      return this.repo.insertTrunk(trunkValuesOf(input));
    });
    return (await this.views([row]))[0]!;
  }

  async edit(input: TrunkEdit): Promise<TrunkView> {
    const row = await this.write(async () => {
      await this.checkRefs(input);
      const updated = await this.repo.updateTrunk(input.id, trunkValuesOf(input));
      if (!updated) throw new AppError('TRUNK_NOT_FOUND', 404);
      return updated;
    });
    return (await this.views([row]))[0]!;
  }

  /** Deletes every one of `ids` or none: refused, naming it, while a route uses one. */
  remove(ids: string[]): Promise<number> {
    return this.write(async () => {
      const rows = await this.repo.trunksByIds(ids);
      if (rows.length !== new Set(ids).size) throw new AppError('TRUNK_NOT_FOUND', 404);
      const used = await this.repo.routesUsing(ids);
      const first = used[0];
      if (first) {
        const trunk = rows.find((r) => r.id === first.trunkId)!;
        throw new AppError('TRUNK_IN_USE', 409, { name: trunk.name, usage: first.name });
      }
      return this.repo.deleteTrunks(ids);
    });
  }

  /** Trunks for selects. */
  async options(): Promise<TrunkOption[]> {
    return (await this.repo.allTrunks()).map((t) => ({ id: t.id, name: t.name, enabled: t.enabled }));
  }
}
