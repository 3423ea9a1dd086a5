import type { ErrorCode, operatorInputSchema, Page } from '@switchboard/contracts';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import type { z } from 'zod';
import { type Db, isUniqueViolation, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import { paginate } from '../../platform/paging';
import type { RateRowProblem } from './import-rows';
import type { RateReads } from './reads';
import type { OperatorFilters, OperatorRow, RateRepo } from './repo';
import { operatorOf, type ParsedNumber, parseNumber } from './resolve';

type OperatorInput = z.output<typeof operatorInputSchema>;

/**
 * Mobile operators (MCC/MNC) and their number prefixes: reference data seeded for every database,
 * kept by staff (/sys/smsOperator), and what tells a number's network for pricing and routing.
 */
export class OperatorService {
  constructor(
    private readonly db: Db,
    private readonly repo: RateRepo,
    private readonly reads: RateReads,
  ) {}

  async seed(list: { countryCode: string; mcc: string; mnc: string; name: string; prefixes: string[] }[]) {
    for (const op of list) await this.repo.upsertOperator(op);
    await this.reads.changed();
  }

  list(query: { pageNo: number; pageSize: number } & OperatorFilters): Promise<Page<OperatorRow>> {
    const { pageNo: _p, pageSize: _s, ...filters } = query;
    return paginate(
      query,
      () => this.repo.countOperators(filters),
      (limit, offset) => this.repo.pageOfOperators(filters, limit, offset),
    );
  }

  /** The operators an export writes: the list's filters and sort, at most `limit`. */
  export(query: OperatorFilters & { pageNo?: number; pageSize?: number }, limit: number) {
    const { pageNo: _p, pageSize: _s, ...filters } = query;
    return this.repo.pageOfOperators(filters, limit, 0);
  }

  async find(id: string): Promise<OperatorRow> {
    const row = await this.repo.findOperator(id);
    if (!row) throw new AppError('NOT_FOUND', 404);
    return row;
  }

  /** An operator's problem: an unknown country, a prefix outside the country's calling code. */
  private problemOf(
    input: OperatorInput,
  ): { field: string; code: ErrorCode; params: Record<string, string> } | undefined {
    if (!isSupportedCountry(input.countryCode))
      return { field: 'countryCode', code: 'COUNTRY_UNKNOWN', params: { country: input.countryCode } };
    const code = getCountryCallingCode(input.countryCode);
    const bad = input.prefixes.find((p) => !p.startsWith(code));
    if (bad !== undefined)
      return {
        field: 'prefixes',
        code: 'OPERATOR_PREFIX_COUNTRY',
        params: { prefix: bad, country: input.countryCode, code },
      };
    return undefined;
  }

  private valuesOf(input: OperatorInput) {
    const problem = this.problemOf(input);
    if (problem) throw new AppError(problem.code, 400, problem.params);
    return {
      countryCode: input.countryCode,
      mcc: input.mcc,
      mnc: input.mnc,
      name: input.name,
      prefixes: [...new Set(input.prefixes)],
    };
  }

  private async write<T>(input: OperatorInput, fn: () => Promise<T>): Promise<T> {
    try {
      const out = await fn();
      await this.reads.changed();
      return out;
    } catch (error) {
      if (isUniqueViolation(error, 'operators_mcc_mnc_uq'))
        throw new AppError('OPERATOR_DUPLICATE', 409, { mcc: input.mcc, mnc: input.mnc });
      throw error;
    }
  }

  add(input: OperatorInput): Promise<OperatorRow> {
    const values = this.valuesOf(input);
    return this.write(input, () => this.repo.insertOperator(values));
  }

  async edit(input: OperatorInput & { id: string }): Promise<OperatorRow> {
    const values = this.valuesOf(input);
    const row = await this.write(input, () => this.repo.updateOperator(input.id, values));
    if (!row) throw new AppError('NOT_FOUND', 404);
    return row;
  }

  /** Deletes every one of `ids`, or none when one of them does not exist. */
  async remove(ids: string[]): Promise<number> {
    const count = await withTransaction(this.db, async () => {
      const deleted = await this.repo.deleteOperators(ids);
      if (deleted.length !== new Set(ids).size) throw new AppError('NOT_FOUND', 404);
      return deleted.length;
    });
    await this.reads.changed();
    return count;
  }

  /** An import's rows of operators: unknown countries, foreign prefixes, an MCC/MNC twice. */
  checkRows(inputs: OperatorInput[], rowNumbers: number[]): RateRowProblem[] {
    const problems: RateRowProblem[] = [];
    const seen = new Map<string, number>();
    inputs.forEach((input, index) => {
      const problem = this.problemOf(input);
      if (problem) {
        problems.push({ index, ...problem });
        return;
      }
      const before = seen.get(`${input.mcc}/${input.mnc}`);
      if (before === undefined) seen.set(`${input.mcc}/${input.mnc}`, index);
      else
        problems.push({
          index,
          field: 'mnc',
          code: 'RATE_DUPLICATE_ROW',
          params: { row: String(rowNumbers[before] ?? before + 1) },
        });
    });
    return problems;
  }

  /** Writes an import's operators in one transaction: an MCC/MNC known already gets the row's values. */
  async import(inputs: OperatorInput[]): Promise<number> {
    const count = await withTransaction(this.db, async () => {
      for (const input of inputs) await this.repo.upsertOperator(this.valuesOf(input));
      return inputs.length;
    });
    await this.reads.changed();
    return count;
  }

  /**
   * A number's country and operator (longest prefix of the operator table), or undefined when it
   * is not a valid international number: what routing matches on.
   */
  async locate(number: string): Promise<(ParsedNumber & { operator: OperatorRow | undefined }) | undefined> {
    const parsed = parseNumber(number);
    if (!parsed) return undefined;
    return {
      ...parsed,
      operator: operatorOf(parsed.digits, parsed.countryCode, await this.reads.operators()),
    };
  }
}
