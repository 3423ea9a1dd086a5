import type { RateGroupKind } from '@switchboard/contracts';
import { isSupportedCountry } from 'libphonenumber-js';
import { type Db, isUniqueViolation, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import { paginate } from '../../platform/paging';
import { duplicateRow, type RateRowProblem } from './import-rows';
import type { RateReads } from './reads';
import type { GatewayFilters, GatewayPriceRow, OperatorRow, RateRepo } from './repo';

export interface GatewayInput {
  gateway: string;
  kind: RateGroupKind;
  countryCode: string;
  mcc?: string | null | undefined;
  mnc?: string | null | undefined;
  cost: bigint;
  remark?: string | null | undefined;
}

/** What makes two gateway costs the same destination. */
function gatewayKey(r: {
  gateway: string;
  kind: string;
  countryCode: string;
  mcc: string | null;
  mnc: string | null;
}) {
  return [r.gateway, r.kind, r.countryCode, r.mcc ?? '', r.mnc ?? ''].join('|');
}

/**
 * What each gateway costs the platform per destination (per message, minute or lookup): kept by
 * staff, read by routing (cheapest gateway) and by acceptance and quotes (margins).
 */
export class GatewayCostService {
  constructor(
    private readonly db: Db,
    private readonly repo: RateRepo,
    private readonly reads: RateReads,
  ) {}

  /**
   * Each gateway's SMS cost for a destination, by gateway name: its most specific row (the exact
   * network, then the MCC, then the country).
   */
  async byGateway(countryCode: string, operator: { mcc: string; mnc: string } | null | undefined) {
    const best = new Map<string, { cost: bigint; rank: number }>();
    for (const r of await this.reads.gatewayPricesFor('sms', countryCode)) {
      let rank: number;
      if (r.mcc === null) rank = 1;
      else if (!operator || r.mcc !== operator.mcc) continue;
      else if (r.mnc === null) rank = 2;
      else if (r.mnc === operator.mnc) rank = 3;
      else continue;
      const seen = best.get(r.gateway);
      if (!seen || rank > seen.rank) best.set(r.gateway, { cost: r.cost, rank });
    }
    return new Map([...best].map(([name, v]) => [name, v.cost]));
  }

  /** The lowest SMS cost of each gateway for a country (any operator), by gateway name. */
  async lowestByGateway(countryCode: string): Promise<Map<string, bigint>> {
    const out = new Map<string, bigint>();
    for (const r of await this.reads.gatewayPricesFor('sms', countryCode)) {
      const seen = out.get(r.gateway);
      if (seen === undefined || r.cost < seen) out.set(r.gateway, r.cost);
    }
    return out;
  }

  /** The lowest gateway cost known for a destination (per message, minute or lookup), or null. */
  async costOf(
    kind: RateGroupKind,
    countryCode: string,
    operator: OperatorRow | undefined,
  ): Promise<bigint | null> {
    const rows = (await this.reads.gatewayPricesFor(kind, countryCode)).filter(
      (r) =>
        r.mcc === null || (operator && r.mcc === operator.mcc && (r.mnc === null || r.mnc === operator.mnc)),
    );
    if (rows.length === 0) return null;
    return rows.reduce((min, r) => (r.cost < min ? r.cost : min), rows[0]!.cost);
  }

  list(query: { pageNo: number; pageSize: number } & GatewayFilters) {
    const { pageNo: _p, pageSize: _s, ...filters } = query;
    return paginate(
      query,
      () => this.repo.countGatewayPrices(filters),
      (limit, offset) => this.repo.listGatewayPrices(filters, limit, offset),
    );
  }

  private async write<T>(fn: () => Promise<T>): Promise<T> {
    try {
      const result = await fn();
      await this.reads.changed();
      return result;
    } catch (error) {
      if (isUniqueViolation(error, 'gateway_operator_prices_uq'))
        throw new AppError('RATE_DUPLICATE', 409, { rows: '' });
      throw error;
    }
  }

  private valuesOf(input: GatewayInput) {
    if (!isSupportedCountry(input.countryCode))
      throw new AppError('COUNTRY_UNKNOWN', 400, { country: input.countryCode });
    if (input.mnc && !input.mcc) throw new AppError('RATE_MNC_WITHOUT_MCC', 400);
    return {
      gateway: input.gateway,
      kind: input.kind,
      countryCode: input.countryCode,
      mcc: input.mcc ?? null,
      mnc: input.mnc ?? null,
      cost: input.cost,
      remark: input.remark ?? null,
    };
  }

  add(input: GatewayInput): Promise<GatewayPriceRow> {
    const values = this.valuesOf(input);
    return this.write(() => this.repo.insertGatewayPrice(values));
  }

  async edit(input: GatewayInput & { id: string }): Promise<GatewayPriceRow> {
    const values = this.valuesOf(input);
    const row = await this.write(() => this.repo.updateGatewayPrice(input.id, values));
    if (!row) throw new AppError('NOT_FOUND', 404);
    return row;
  }

  /** The gateway costs an export writes: the list's filters and sort, at most `limit`. */
  export(query: GatewayFilters, limit: number) {
    const {
      pageNo: _p,
      pageSize: _s,
      ...filters
    } = query as GatewayFilters & {
      pageNo?: number;
      pageSize?: number;
    };
    return this.repo.listGatewayPrices(filters, limit, 0);
  }

  /** Deletes every one of `ids` in one transaction, or none when one of them does not exist. */
  remove(ids: string[]): Promise<number> {
    return withTransaction(this.db, async () => {
      const deleted = await this.repo.deleteGatewayPrices(ids);
      if (deleted.length !== new Set(ids).size) throw new AppError('NOT_FOUND', 404);
      await this.reads.changed();
      return deleted.length;
    });
  }

  /** An import's rows of gateway costs: unknown countries, an MNC alone, a destination twice. */
  checkRows(inputs: GatewayInput[], rowNumbers: number[]): RateRowProblem[] {
    const problems: RateRowProblem[] = [];
    const seen = new Map<string, number>();
    inputs.forEach((input, index) => {
      if (!isSupportedCountry(input.countryCode)) {
        problems.push({
          index,
          field: 'countryCode',
          code: 'COUNTRY_UNKNOWN',
          params: { country: input.countryCode },
        });
        return;
      }
      if (input.mnc && !input.mcc) {
        problems.push({ index, field: 'mnc', code: 'RATE_MNC_WITHOUT_MCC', params: {} });
        return;
      }
      const duplicate = duplicateRow(seen, gatewayKey(this.valuesOf(input)), index, rowNumbers);
      if (duplicate) problems.push(duplicate);
    });
    return problems;
  }

  /**
   * Writes an import's gateway costs in one transaction: a destination a gateway has a cost for
   * already gets the new one. Answers how many rows were written.
   */
  import(inputs: GatewayInput[]): Promise<number> {
    return withTransaction(this.db, async () => {
      const values = inputs.map((input) => this.valuesOf(input));
      const wanted = new Set(values.map(gatewayKey));
      const existing = await this.repo.gatewayPricesOf([...new Set(values.map((v) => v.gateway))]);
      await this.repo.deleteGatewayPrices(existing.filter((r) => wanted.has(gatewayKey(r))).map((r) => r.id));
      return this.write(() => this.repo.insertGatewayPrices(values));
    });
  }

  async find(id: string) {
    const row = await this.repo.findGatewayPrice(id);
    if (!row) throw new AppError('NOT_FOUND', 404);
    return row;
  }
}
