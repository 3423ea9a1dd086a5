import { describeIssues, type Locale, rateInputSchema, translateError } from '@switchboard/contracts';
import type { AuthContext } from '../../platform/access';
import { type Db, inTransaction, withTransaction } from '../../platform/db';
import type { RateGroupAccess } from './access';
import { describeBelow, type ResellerFloor } from './floor';
import { destinationKey, type RateInput, rateColumns, rateProblem } from './group-rates';
import { duplicateRow, importError, normaliseImportRow, type RateRowProblem } from './import-rows';
import type { RateReads } from './reads';
import type { RateRepo, RateValues } from './repo';

/** What an import found and did (nothing is written when there are problems). */
export interface RateImportOutcome {
  problems: RateRowProblem[];
  imported: number;
  replaced: number;
}

/**
 * How far an import goes: 'rows' checks the rows alone (the caller found others invalid: nothing
 * is written); 'dryRun' checks everything, the rule included, and rolls back; 'write' commits
 * when there is no problem.
 */
export type RateImportMode = 'rows' | 'dryRun' | 'write';

/** Thrown to roll an import's transaction back while answering what it found. */
class RolledBack extends Error {
  constructor(readonly outcome: RateImportOutcome) {
    super('import rolled back');
  }
}

/**
 * Imports of rates into a group (a sheet's rows, or rows the caller read), all or none: each row
 * checked, a destination the group prices already replaced, and the rule "never below the
 * reseller" checked on the result; a dry run answers the same and writes nothing.
 */
export class RateImportService {
  constructor(
    private readonly db: Db,
    private readonly repo: RateRepo,
    private readonly access: RateGroupAccess,
    private readonly floor: ResellerFloor,
    private readonly reads: RateReads,
  ) {}

  /** A group the caller may import into (NOT_FOUND, NO_OPERATION_PERMISSION otherwise). */
  async importTarget(auth: AuthContext, groupId: string): Promise<void> {
    await this.access.editableGroup(auth, groupId);
  }

  /**
   * `importRows`: rows of loose values (as a sheet gives them) into a group, all or none. Each row
   * is read by the rate schema, then checked and written by `importRateRows` (the one path of every
   * import); errors name row (1-based), field and message in the caller's language. A row for a
   * destination the group already prices replaces that rate.
   */
  async importRates(
    auth: AuthContext,
    groupId: string,
    rows: Record<string, unknown>[],
    locale: Locale,
  ): Promise<{ imported: number; replaced: number }> {
    // Scope first: another's group is refused whatever its rows hold.
    await this.importTarget(auth, groupId);
    const errors: { row: number; field: string; message: string }[] = [];
    const inputs: RateInput[] = [];
    const rowNumbers: number[] = [];
    rows.forEach((raw, index) => {
      const parsed = rateInputSchema.safeParse(normaliseImportRow(raw));
      if (!parsed.success) {
        for (const p of describeIssues(parsed.error.issues, locale)) errors.push({ row: index + 1, ...p });
        return;
      }
      inputs.push(parsed.data);
      rowNumbers.push(index + 1);
    });
    const outcome = await this.importRateRows(
      auth,
      groupId,
      inputs,
      rowNumbers,
      errors.length > 0 ? 'rows' : 'write',
    );
    for (const p of outcome.problems) {
      errors.push({
        row: rowNumbers[p.index]!,
        field: p.field,
        message: translateError(p.code, locale, p.params),
      });
    }
    if (errors.length > 0) throw importError(errors.sort((a, b) => a.row - b.row));
    return { imported: outcome.imported, replaced: outcome.replaced };
  }

  /**
   * Imports rates into a group in one transaction: each row is checked against the group's kind
   * and the rows before it (a destination twice names the first row), then all are written (a
   * destination the group prices already is replaced) and the rule "never below the reseller" is
   * checked on the result, each offending rate named by the row that wrote it. Any problem, or a
   * dry run, rolls everything back. `rowNumbers` are the rows' numbers as the caller shows them.
   */
  async importRateRows(
    auth: AuthContext,
    groupId: string,
    inputs: RateInput[],
    rowNumbers: number[],
    mode: RateImportMode,
  ): Promise<RateImportOutcome> {
    // A rollback inside someone else's transaction would be theirs to undo.
    if (mode !== 'write' && inTransaction()) throw new Error('an import check needs its own transaction');
    try {
      return await withTransaction(this.db, async () => {
        const group = await this.access.editableGroup(auth, groupId);
        const problems: RateRowProblem[] = [];
        const valid: { index: number; values: Omit<RateValues, 'groupId'> }[] = [];
        const seen = new Map<string, number>();
        inputs.forEach((input, index) => {
          const problem = rateProblem(group, input);
          if (problem) {
            problems.push({ index, ...problem });
            return;
          }
          const values = rateColumns(group, input);
          const duplicate = duplicateRow(seen, destinationKey(values), index, rowNumbers);
          if (duplicate) {
            problems.push(duplicate);
            return;
          }
          valid.push({ index, values });
        });
        if (problems.length > 0 || mode === 'rows' || valid.length === 0)
          return { problems, imported: 0, replaced: 0 };
        const existing = new Map((await this.repo.ratesOfGroup(group.id)).map((r) => [destinationKey(r), r]));
        const replacedIds = valid
          .map((v) => existing.get(destinationKey(v.values))?.id)
          .filter((id) => id !== undefined);
        await this.repo.deleteRates(group.id, replacedIds);
        const inserted = await this.repo.insertRates(valid.map((v) => ({ ...v.values, groupId: group.id })));
        const indexOf = new Map(inserted.map((r, i) => [r.id, valid[i]!.index]));
        for (const b of await this.floor.violations(await this.floor.companiesToCheck(group.id))) {
          problems.push({
            // The row below its reseller, or the reseller's row its customers are now below.
            index: indexOf.get(b.rateId) ?? indexOf.get(b.parentRateId) ?? valid[0]!.index,
            field: 'price',
            code: 'RATE_BELOW_RESELLER',
            params: { rows: describeBelow(b) },
          });
        }
        if (problems.length > 0) throw new RolledBack({ problems, imported: 0, replaced: 0 });
        const outcome = { problems, imported: inserted.length, replaced: replacedIds.length };
        if (mode === 'dryRun') throw new RolledBack(outcome);
        await this.reads.changed();
        return outcome;
      });
    } catch (error) {
      if (error instanceof RolledBack) return error.outcome;
      throw error;
    }
  }
}
