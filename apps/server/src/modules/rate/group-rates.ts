import type { ErrorCode, RateGroupKind, rateInputSchema } from '@switchboard/contracts';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { type Db, isUniqueViolation, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import { paginate } from '../../platform/paging';
import type { RateGroupAccess } from './access';
import type { ResellerFloor } from './floor';
import type { RateReads } from './reads';
import type { RateFilters, RateGroupRow, RateRepo, RateRow, RateValues } from './repo';
import { applyPercent, describeRate } from './resolve';

export type RateInput = z.output<typeof rateInputSchema>;

/** What is wrong with a rate's input for a group of its kind (undefined: nothing). */
export function rateProblem(
  group: RateGroupRow,
  input: RateInput,
): { code: ErrorCode; field: string; params: Record<string, string> } | undefined {
  if (!isSupportedCountry(input.countryCode))
    return { code: 'COUNTRY_UNKNOWN', field: 'countryCode', params: { country: input.countryCode } };
  if (group.kind === 'sms' && !input.smsKind)
    return { code: 'RATE_SMS_KIND_REQUIRED', field: 'smsKind', params: {} };
  if (input.prefix && input.mcc) return { code: 'RATE_PREFIX_AND_OPERATOR', field: 'prefix', params: {} };
  if (input.mnc && !input.mcc) return { code: 'RATE_MNC_WITHOUT_MCC', field: 'mnc', params: {} };
  if (input.prefix) {
    const dial = getCountryCallingCode(input.countryCode);
    if (!input.prefix.startsWith(dial))
      return {
        code: 'RATE_PREFIX_COUNTRY',
        field: 'prefix',
        params: { prefix: input.prefix, country: input.countryCode, dial },
      };
  }
  return undefined;
}

/** A rate's columns from a valid input (the group's kind decides the voice and SMS ones). */
export function rateColumns(group: RateGroupRow, input: RateInput): Omit<RateValues, 'groupId'> {
  const voice = group.kind === 'voice';
  return {
    countryCode: input.countryCode,
    smsKind: group.kind === 'sms' ? (input.smsKind ?? null) : null,
    mcc: input.mcc ?? null,
    mnc: input.mnc ?? null,
    prefix: input.prefix ?? null,
    price: input.price,
    connectionFee: voice ? (input.connectionFee ?? 0n) : 0n,
    billingInitial: voice ? (input.billingInitial ?? 60) : 1,
    billingIncrement: voice ? (input.billingIncrement ?? 60) : 1,
    remark: input.remark ?? null,
  };
}

/** What makes two rates of a group the same destination. */
export function destinationKey(r: {
  countryCode: string;
  smsKind?: string | null | undefined;
  mcc?: string | null | undefined;
  mnc?: string | null | undefined;
  prefix?: string | null | undefined;
}) {
  return [r.countryCode, r.smsKind ?? '', r.mcc ?? '', r.mnc ?? '', r.prefix ?? ''].join('|');
}

/**
 * The rates of a group: listed, exported, added, edited, deleted and repriced in bulk, each change
 * checked against the group's kind, its other rates and the rule that a reseller's customer is
 * never priced below the reseller.
 */
export class GroupRateService {
  constructor(
    private readonly db: Db,
    private readonly repo: RateRepo,
    private readonly access: RateGroupAccess,
    private readonly floor: ResellerFloor,
    private readonly reads: RateReads,
  ) {}

  async list(auth: AuthContext, query: { pageNo: number; pageSize: number; groupId: string } & RateFilters) {
    const group = await this.access.visibleGroup(auth, query.groupId);
    const { pageNo: _p, pageSize: _s, groupId: _g, ...filters } = query;
    return paginate(
      query,
      () => this.repo.countRates(group.id, filters),
      (limit, offset) => this.repo.listRates(group.id, filters, limit, offset),
    );
  }

  /** The columns of an export of a group's rates (by its kind), once the caller may see it. */
  async sheetKind(auth: AuthContext, groupId: string): Promise<RateGroupKind> {
    return (await this.access.visibleGroup(auth, groupId)).kind;
  }

  /** The rates an export writes: the list's filters and sort, at most `limit`. */
  async export(auth: AuthContext, query: { groupId: string } & RateFilters, limit: number) {
    const group = await this.access.visibleGroup(auth, query.groupId);
    const { groupId: _g, ...filters } = query as RateFilters & {
      groupId: string;
      pageNo?: number;
      pageSize?: number;
    };
    return this.repo.listRates(group.id, filters, limit, 0);
  }
  async get(auth: AuthContext, id: string) {
    const rate = await this.repo.findRate(id);
    if (!rate) throw new AppError('NOT_FOUND', 404);
    await this.access.visibleGroup(auth, rate.groupId);
    return rate;
  }

  /** A rate's columns from its input, checked against the group's kind; AppError when wrong. */
  private valuesOf(group: RateGroupRow, input: RateInput): Omit<RateValues, 'groupId'> {
    const problem = rateProblem(group, input);
    if (problem) throw new AppError(problem.code, 400, problem.params);
    return rateColumns(group, input);
  }

  private async writeRates<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (isUniqueViolation(error, 'rates_destination_uq'))
        throw new AppError('RATE_DUPLICATE', 409, { rows: '' });
      throw error;
    }
  }

  async add(auth: AuthContext, input: RateInput & { groupId: string }) {
    const id = await withTransaction(this.db, async () => {
      const group = await this.access.editableGroup(auth, input.groupId);
      const values = this.valuesOf(group, input);
      await this.refuseDuplicates(group, [values]);
      const [row] = await this.writeRates(() => this.repo.insertRates([{ ...values, groupId: group.id }]));
      await this.floor.enforceForGroup(group.id);
      await this.reads.changed();
      return row!.id;
    });
    return this.get(auth, id);
  }

  async edit(auth: AuthContext, input: RateInput & { id: string }) {
    await withTransaction(this.db, async () => {
      const rate = await this.repo.findRate(input.id);
      if (!rate) throw new AppError('NOT_FOUND', 404);
      const group = await this.access.editableGroup(auth, rate.groupId);
      const values = this.valuesOf(group, input);
      await this.refuseDuplicates(group, [values], new Set([rate.id]));
      await this.writeRates(() => this.repo.updateRate(rate.id, values));
      await this.floor.enforceForGroup(group.id);
      await this.reads.changed();
    });
    return this.get(auth, input.id);
  }

  /** Deletes rates (of groups the caller may change); removing a rate never lowers a price below a floor it did not already meet, but the rule is checked all the same. */
  async remove(auth: AuthContext, ids: string[]): Promise<number> {
    return withTransaction(this.db, async () => {
      const rows = await this.repo.findRates(ids);
      if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND', 404);
      const groupIds = [...new Set(rows.map((r) => r.groupId))];
      for (const groupId of groupIds) {
        await this.access.editableGroup(auth, groupId);
        await this.repo.deleteRates(
          groupId,
          rows.filter((r) => r.groupId === groupId).map((r) => r.id),
        );
        await this.floor.enforceForGroup(groupId);
      }
      await this.reads.changed();
      return rows.length;
    });
  }

  /** Sets a price, or changes it by a percent, for every rate of the group matching the filter. */
  async batchEdit(
    auth: AuthContext,
    input: {
      groupId: string;
      mode: 'set' | 'percent';
      price?: bigint | undefined;
      percent?: string | undefined;
    } & RateFilters,
  ): Promise<{ updated: number }> {
    return withTransaction(this.db, async () => {
      const group = await this.access.editableGroup(auth, input.groupId);
      const { groupId: _g, mode, price, percent, ...filters } = input;
      const rows = await this.repo.ratesMatching(group.id, filters);
      const prices = rows.map((r) => ({
        id: r.id,
        price: mode === 'set' ? price! : applyPercent(r.price, percent!),
      }));
      const tooHigh = prices.some((p) => p.price > 1000n * 1_000_000n);
      if (tooHigh) throw new AppError('MONEY_TOO_LARGE', 400, { field: 'price', max: 1000 });
      await this.repo.setPrices(group.id, prices);
      await this.floor.enforceForGroup(group.id);
      await this.reads.changed();
      return { updated: prices.length };
    });
  }

  private async refuseDuplicates(
    group: RateGroupRow,
    values: Omit<RateValues, 'groupId'>[],
    except = new Set<string>(),
  ) {
    const existing = new Set(
      (await this.repo.ratesOfGroup(group.id)).filter((r) => !except.has(r.id)).map((r) => destinationKey(r)),
    );
    const duplicates = values.filter((v) => existing.has(destinationKey(v)));
    if (duplicates.length > 0)
      throw new AppError('RATE_DUPLICATE', 409, {
        rows: duplicates.map((d) => describeRate(d as unknown as RateRow)).join('; '),
      });
  }
}
