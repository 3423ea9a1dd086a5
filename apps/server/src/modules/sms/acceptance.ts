import { randomUUID } from 'node:crypto';
import { formatMoney, isErrorCode, type SmsStatus } from '@switchboard/contracts';
import type { SmsConfig } from '../../platform/config';
import { type Db, inTransaction, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import { GroupCommit } from '../../platform/group-commit';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import type { Priced } from '../rate';
import { type Analysed, type RecipientAnalysis, statusOf } from './analyse';
import type { SmsFinals } from './finals';
import type { AcceptanceRepo, FinalMessage, SmsMessageInsert } from './repo';
import { KIND_PRIORITY } from './rules';
import type { AcceptInput, AcceptResult, AcceptWriter } from './types';

/** Commissions as a message keeps them (money as text; null when none). */
const storedCommissions = (list: Priced['commissions']) =>
  list.length === 0 ? null : list.map((c) => ({ companyId: c.companyId, amount: formatMoney(c.amount) }));

/** An acceptance as prepared outside its transaction (see SmsAcceptance.accept). */
interface Prepared {
  input: AcceptInput;
  now: Date;
  scheduledAt: Date | null;
  batchId: string;
  analysed: Analysed[];
  /** The analysed recipients that are stored (all but repeated numbers). */
  stored: Analysed[];
  /** Message id per recipient index. */
  ids: Map<number, string>;
  rows: SmsMessageInsert[];
  writer: AcceptWriter<unknown> | undefined;
  data: unknown;
}

/** Acceptances grouped into one transaction: at most this many messages (one at least). */
const ACCEPT_GROUP_MESSAGES = 5_000;
/**
 * Acceptance transactions under way at once per process: one group's inserts overlap another's
 * charge and commit (a second one gave single sends +14 %, SMPP +11 % in bench:sms on 2 cores;
 * more was not measured).
 */
const ACCEPT_GROUPS_AT_ONCE = 2;

/**
 * Acceptance: a send validated, analysed (RecipientAnalysis), then persisted and charged in one
 * transaction shared by the acceptances made at the same time (see accept).
 */
export class SmsAcceptance {
  private readonly acceptances: GroupCommit<Prepared, AcceptResult>;

  constructor(
    private readonly db: Db,
    private readonly repo: AcceptanceRepo,
    private readonly services: Pick<Services, 'rates' | 'smsTemplates'>,
    private readonly analysis: RecipientAnalysis,
    private readonly finals: SmsFinals,
    private readonly config: Pick<SmsConfig, 'validityMs'>,
    private readonly log: Logger,
  ) {
    this.acceptances = new GroupCommit((group) => this.commitAccepted(group), {
      max: ACCEPT_GROUP_MESSAGES,
      weigh: (p) => p.rows.length,
      alone: true,
      // Balances are locked in one statement in company order (the ledger): no deadlock.
      parallel: ACCEPT_GROUPS_AT_ONCE,
    });
  }

  private async checkSend(input: AcceptInput): Promise<void> {
    const now = Date.now();
    if (input.scheduledAt && input.scheduledAt.getTime() < now) throw new AppError('SCHEDULE_IN_PAST', 400);
    if (input.platform) return;
    const code = await this.services.smsTemplates.checkSend({
      companyId: input.companyId,
      kind: input.kind,
      text: input.text,
      sender: input.sender ?? null,
      templateId: input.templateId ?? null,
    });
    if (code) {
      throw isErrorCode(code)
        ? new AppError(code, 400)
        : new AppError('SMS_SEND_REFUSED', 400, { reason: code });
    }
  }

  /**
   * Accepts a send: each recipient validated (invalid and repeated numbers answered per
   * recipient), its variables filled in, parts counted, priced and routed; then, in ONE
   * transaction, the batch and every message are written and the routable ones charged at the
   * prices acceptance gave them (through `rates.charging.post`: each message decided on its own,
   * the batch one ledger entry keyed `sms-batch:<batch id>`). A refused charge makes its message final
   * at once (arrears, or failed with the reason) with nothing charged. The answer comes after the
   * commit: what it says is stored and charged; a crash before the commit leaves nothing (neither
   * a message nor a charge), so there is nothing to recover.
   *
   * Acceptances made at the same time share that transaction (group commit: one balance lock,
   * one insert of their messages, one commit), so a thousand single-message sends a second cost
   * a few dozen transactions; a group that fails is tried again one acceptance at a time, so each
   * learns its own outcome. Inside a caller's transaction (an idempotent API send) it joins
   * that one instead. `writer` adds the caller's own rows to the same transaction (the SMPP
   * server's record of a submit), once per group for all its acceptances.
   */
  async accept<T = never>(input: AcceptInput, writer?: AcceptWriter<T>, data?: T): Promise<AcceptResult> {
    const prepared = await this.prepare(input, writer as AcceptWriter<unknown> | undefined, data);
    if (inTransaction()) return (await this.commitAccepted([prepared]))[0]!;
    return this.acceptances.push(prepared);
  }

  /** Everything an acceptance writes, worked out before its transaction. */
  private async prepare(
    input: AcceptInput,
    writer: AcceptWriter<unknown> | undefined,
    data: unknown,
  ): Promise<Prepared> {
    await this.checkSend(input);
    const now = new Date();
    const scheduledAt = input.scheduledAt ?? null;
    const analysed = await this.analysis.analyse(input, scheduledAt ?? now);
    const batchId = randomUUID();
    const startAt = scheduledAt ?? now;
    const validUntil = new Date(startAt.getTime() + this.config.validityMs);
    const stored = analysed.filter((a) => a.reason !== 'NUMBER_DUPLICATE');
    const ids = new Map<number, string>(stored.map((a) => [a.index, randomUUID()]));
    const rows: SmsMessageInsert[] = stored.map((a) => ({
      id: ids.get(a.index)!,
      createdAt: now,
      companyId: input.companyId,
      batchId,
      kind: input.kind,
      source: input.source,
      toNumber: a.digits ?? a.given,
      countryCode: a.countryCode,
      mcc: a.mcc,
      mnc: a.mnc,
      sender: input.sender ?? null,
      text: a.text,
      parts: a.parts,
      encoding: a.encoding,
      price: a.reason === null ? a.price : 0n,
      cost: a.cost,
      commissions: a.reason === null ? storedCommissions(a.commissions) : null,
      routeId: a.routeId,
      routeName: a.routeName,
      gatewayIds: a.gatewayIds.length > 0 ? a.gatewayIds : null,
      status: statusOf(a),
      errorCode: a.reason,
      clientRef: a.clientRef,
      priority: KIND_PRIORITY[input.kind],
      nextAttemptAt: startAt,
      validUntil,
      doneAt: a.reason === null ? null : now,
    }));
    return { input, now, scheduledAt, batchId, analysed, stored, ids, rows, writer, data };
  }

  /** Writes and charges prepared acceptances in the current transaction (or one of their own). */
  private commitAccepted(group: Prepared[]): Promise<AcceptResult[]> {
    return withTransaction(
      this.db,
      async () => {
        await this.repo.insertMessages(group.flatMap((p) => p.rows));
        // The batches, with the amount their prices add up to (nothing reads them before this
        // commits), before the charge: the charge locks the company's balance until the commit,
        // and every statement after it holds that lock longer. Set again below where the ledger
        // refused some.
        const expected = new Map<Prepared, bigint>(
          group.map((p) => [
            p,
            p.input.platform
              ? 0n
              : p.stored.reduce((sum, a) => (a.reason === null ? sum + a.price : sum), 0n),
          ]),
        );
        await this.repo.insertBatches(
          group.map((p) => ({
            id: p.batchId,
            companyId: p.input.companyId,
            userId: p.input.userId,
            kind: p.input.kind,
            source: p.input.source,
            sender: p.input.sender ?? null,
            text: p.input.text,
            templateId: p.input.templateId ?? null,
            total: p.input.recipients.length,
            amount: expected.get(p)!,
            state: p.scheduledAt ? 'scheduled' : 'dispatching',
            scheduledAt: p.scheduledAt,
            createdAt: p.now,
          })),
        );
        // One charge per acceptance (the platform's own sends are charged to no one), written as
        // one ledger entry for its batch (and one commission entry per reseller): each message is
        // still decided on its own, charged the price and commissions it was accepted at.
        const charged = group.filter((p) => !p.input.platform);
        const items = charged.map((p) => p.stored.filter((a) => a.reason === null));
        const outcome = new Map<
          Prepared,
          Map<number, { status: SmsStatus; reason: string | null; price: bigint }>
        >(group.map((p) => [p, new Map()]));
        const amounts = new Map<Prepared, bigint>();
        const refused: { id: string; createdAt: Date; status: SmsStatus; errorCode: string }[] = [];
        const answers = await this.services.rates.charging.post(
          charged.map((p, c) => ({
            companyId: p.input.companyId,
            items: items[c]!.map((a) => ({
              idempotencyKey: p.ids.get(a.index)!,
              reference: `sms:${p.ids.get(a.index)!}`,
              amount: a.price,
              commissions: a.commissions,
            })),
            sum: {
              idempotencyKey: `sms-batch:${p.batchId}`,
              reference: `sms-batch:${p.batchId}`,
              note: (count: number) => ({ code: 'sms_batch', params: { kind: p.input.kind, count } }),
            },
          })),
          { freshKeys: true },
        );
        for (const [c, p] of charged.entries()) {
          for (const [j, o] of answers[c]!.entries()) {
            const a = items[c]![j]!;
            const id = p.ids.get(a.index)!;
            if (o.status === 'refused') {
              const status: SmsStatus = o.reason === 'BALANCE_INSUFFICIENT' ? 'arrears' : 'failed';
              refused.push({ id, createdAt: p.now, status, errorCode: o.reason });
              outcome.get(p)!.set(a.index, { status, reason: o.reason, price: 0n });
            } else {
              amounts.set(p, (amounts.get(p) ?? 0n) + o.amount);
              outcome.get(p)!.set(a.index, { status: 'accepted', reason: null, price: o.amount });
            }
          }
        }
        await this.repo.refuse(refused);
        await this.repo.setBatchAmounts(
          group
            .filter((p) => (amounts.get(p) ?? 0n) !== expected.get(p))
            .map((p) => ({ id: p.batchId, amount: amounts.get(p) ?? 0n })),
        );
        const finals: FinalMessage[] = [];
        for (const p of group) {
          const own = outcome.get(p)!;
          for (const a of p.stored) {
            const o = own.get(a.index);
            const status = o?.status ?? statusOf(a);
            if (status === 'accepted') continue;
            finals.push({
              id: p.ids.get(a.index)!,
              createdAt: p.now,
              companyId: p.input.companyId,
              clientRef: a.clientRef,
              to: a.digits ?? a.given,
              status,
              errorCode: o?.reason ?? a.reason,
              doneAt: p.now,
              source: p.input.source,
              price: 0n,
              commissions: [],
            });
          }
        }
        const results = group.map((p): AcceptResult => {
          const own = outcome.get(p)!;
          return {
            batchId: p.batchId,
            amount: amounts.get(p) ?? 0n,
            scheduledAt: p.scheduledAt,
            messages: p.analysed.map((a) => {
              const o = own.get(a.index);
              const id = p.ids.get(a.index) ?? null;
              return {
                id,
                index: a.index,
                to: a.digits ?? a.given,
                parts: a.parts,
                price: o?.price ?? 0n,
                status: o?.status ?? (id === null ? 'failed' : statusOf(a)),
                reason: o ? o.reason : a.reason,
              };
            }),
          };
        });
        // The callers' own rows (one write per writer for all of its acceptances in the group),
        // before the final-status hooks, which may read them (the SMPP server's receipts).
        const byWriter = new Map<AcceptWriter<unknown>, { result: AcceptResult; data: unknown }[]>();
        for (const [i, p] of group.entries()) {
          if (!p.writer) continue;
          const list = byWriter.get(p.writer) ?? [];
          list.push({ result: results[i]!, data: p.data });
          byWriter.set(p.writer, list);
        }
        for (const [writer, list] of byWriter) await writer.write(list);
        await this.finals.finalised(finals);
        return results;
      },
      this.log,
    );
  }
}
