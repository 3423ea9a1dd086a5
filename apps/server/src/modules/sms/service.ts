import { randomUUID } from 'node:crypto';
import {
  type ErrorCode,
  formatMoney,
  hasPlatformScope,
  isErrorCode,
  type Page,
  pageOf,
  renderTemplate,
  type SmsBatchState,
  type SmsEncoding,
  type SmsKind,
  type SmsSource,
  type SmsStatus,
  type smsBatchListQuerySchema,
  type smsBatchRowSchema,
  type smsCallbackListQuerySchema,
  type smsCallbackRowSchema,
  type smsMessageListQuerySchema,
  type smsMessageRowSchema,
  type smsSendInputSchema,
} from '@switchboard/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { TtlCache } from '../../platform/cache';
import type { SmsConfig } from '../../platform/config';
import { afterCommit, type Db, inTransaction, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import { GroupCommit, WRITE_RETRY_MS } from '../../platform/group-commit';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { receiptExcerptOf } from '../gateway';
import type { Posting } from '../ledger';
import type { Priced, Pricing } from '../rate';
import { type ParsedNumber, parseNumber } from '../rate/resolve';
import type { GatewayReceipt } from './ports';
import {
  type ClaimedMessage,
  type FinalMessage,
  type MessageFilters,
  type SmsMessageInsert,
  type SmsMessageRecord,
  SmsRepo,
  UNCONFIRMED,
} from './repo';
import { dayOf, finalOfParts, KIND_PRIORITY, partsOf, retryDelayMs } from './rules';

export interface AcceptInput {
  companyId: string;
  userId: string | null;
  kind: SmsKind;
  source: SmsSource;
  recipients: { number: string; vars?: Record<string, string>; clientRef?: string | null }[];
  text: string;
  sender?: string | null;
  templateId?: string | null;
  scheduledAt?: Date | null;
  /**
   * The platform's own send (sign-in and password reset codes, staff test messages): sent as
   * PLATFORM_COMPANY_ID, priced 0 and charged to no one, no template check (the text is ours).
   */
  platform?: boolean;
  /** Staff test messages only: this gateway, routing bypassed. */
  forcedGatewayId?: string | null;
}

/**
 * The "company" of the platform's own messages (there is no such company row): customers never
 * see them (their scope is their company), staff see them in the records.
 */
export const PLATFORM_COMPANY_ID = '00000000-0000-0000-0000-000000000000';

export interface AcceptedMessage {
  /** null: not persisted (a repeated number). */
  id: string | null;
  index: number;
  to: string;
  parts: number;
  price: bigint;
  status: SmsStatus;
  reason: string | null;
}

export interface AcceptResult {
  batchId: string;
  amount: bigint;
  scheduledAt: Date | null;
  messages: AcceptedMessage[];
}

/**
 * A caller's own rows written in an acceptance's transaction (see SmsService.accept): called once
 * per group with every acceptance of this writer, each with the data its caller gave.
 */
export interface AcceptWriter<T> {
  write(accepted: { result: AcceptResult; data: T }[]): Promise<void>;
}

export interface FinalEvent {
  id: string;
  companyId: string;
  clientRef: string | null;
  to: string;
  status: SmsStatus;
  errorCode: string | null;
  doneAt: Date;
  source: SmsSource;
}

type SendInput = z.output<typeof smsSendInputSchema>;
type SmsMessageRow = z.output<typeof smsMessageRowSchema>;
type SmsBatchRow = z.output<typeof smsBatchRowSchema>;
type SmsCallbackRow = z.output<typeof smsCallbackRowSchema>;
type MessageQuery = z.output<typeof smsMessageListQuerySchema>;
type BatchQuery = z.output<typeof smsBatchListQuerySchema>;
type CallbackQuery = z.output<typeof smsCallbackListQuerySchema>;

/** One recipient as analysed before anything is written. */
interface Analysed {
  index: number;
  /** What was given, trimmed (an invalid number is stored as given). */
  given: string;
  /** The number as parsed once here (the rate look-up and the charge take it as it is). */
  parsed: ParsedNumber | null;
  digits: string | null;
  countryCode: string | null;
  mcc: string | null;
  mnc: string | null;
  text: string;
  parts: number;
  encoding: SmsEncoding;
  clientRef: string | null;
  /** Estimated price and resellers' commissions (the rates read now; the charge decides). */
  price: bigint;
  commissions: Priced['commissions'];
  cost: bigint | null;
  routeId: string | null;
  routeName: string | null;
  gatewayIds: string[];
  /** Why it is not sent (null: it is). `duplicate` ones are not stored at all. */
  reason: ErrorCode | null;
}

/** Commissions as a message keeps them (money as text; null when none). */
const storedCommissions = (list: Priced['commissions']) =>
  list.length === 0 ? null : list.map((c) => ({ companyId: c.companyId, amount: formatMoney(c.amount) }));

const statusOf = (a: Analysed): SmsStatus =>
  a.reason === null ? 'accepted' : a.reason === 'NUMBER_INVALID' ? 'invalid_number' : 'failed';

/** An acceptance as prepared outside its transaction (see SmsService.accept). */
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

/** A cancel is refused this close to the scheduled time (the dispatchers may be taking it). */
const CANCEL_MARGIN_MS = 5_000;
/** The widest period of a records or outbox list. */
const LIST_PERIOD_DAYS = 93;
/** Records export: only this many days back. */
const EXPORT_DAYS = 7;
/**
 * The SMS engine's message pipeline: acceptance (validate, price, route, persist and charge in
 * one transaction), dispatch to gateways, receipts, timeouts, refunds and customer callbacks.
 */
export class SmsService {
  readonly repo: SmsRepo;
  private readonly listeners: ((m: FinalEvent) => void)[] = [];
  private readonly finalHooks: ((finals: FinalMessage[]) => Promise<void>)[] = [];
  private readonly receipts: GroupCommit<GatewayReceipt>;
  private readonly acceptances: GroupCommit<Prepared, AcceptResult>;
  /** Companies known to have a callback URL (one query per company and write otherwise). */
  private readonly callbackCompanies = new TtlCache<boolean>(5_000, 10_000);

  constructor(
    private readonly db: Db,
    private readonly services: Services,
    readonly config: SmsConfig,
    private readonly log: Logger,
  ) {
    this.repo = new SmsRepo(db);
    // A write that fails (a deadlock, a lost connection) is written again once: its receipts are
    // not answered an error for it (the SMSC would send them again).
    this.receipts = new GroupCommit((batch) => this.applyReceipts(batch), {
      max: 2_000,
      retryAfterMs: WRITE_RETRY_MS,
    });
    this.acceptances = new GroupCommit((group) => this.commitAccepted(group), {
      max: ACCEPT_GROUP_MESSAGES,
      weigh: (p) => p.rows.length,
      alone: true,
      // Balances are locked in one statement in company order (the ledger): no deadlock.
      parallel: ACCEPT_GROUPS_AT_ONCE,
    });
  }

  /** Listeners of final statuses (callbacks are sent here; the SMPP server adds its own). */
  onFinal(listener: (m: FinalEvent) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Work done INSIDE the transaction that makes messages final (the statistics roll-up): it
   * commits or rolls back with the final status, which is written once, so each message is
   * counted once. A hook that throws rolls the transaction back.
   */
  onFinalInTransaction(hook: (finals: FinalMessage[]) => Promise<void>): void {
    this.finalHooks.push(hook);
  }

  async get(companyId: string | null, id: string): Promise<SmsMessageRecord | undefined> {
    const row = await this.repo.findMessage(id);
    if (!row || (companyId !== null && row.companyId !== companyId)) return undefined;
    return row;
  }

  /** Messages not final by where they wait, callbacks owed, receipts unmatched (monitoring). */
  queueDepth() {
    return this.repo.queueDepth();
  }

  /** A message with its parts as the gateway took them (the test tool's trace). */
  async trace(id: string) {
    const message = await this.repo.findMessage(id);
    if (!message) return undefined;
    return { message, parts: await this.repo.partsOfMessage(id) };
  }

  // ------------------------------------------------------------------ acceptance

  private async analyse(input: AcceptInput, at: Date): Promise<Analysed[]> {
    const seen = new Set<string>();
    const prepared = input.recipients.map((r, index) => {
      const given = r.number.trim().slice(0, 32);
      const parsed = parseNumber(given);
      const text = renderTemplate(input.text, r.vars);
      const { parts, encoding } = partsOf(text);
      const base: Analysed = {
        index,
        given,
        parsed: parsed ?? null,
        digits: parsed?.digits ?? null,
        countryCode: parsed?.countryCode ?? null,
        mcc: null,
        mnc: null,
        text,
        parts,
        encoding,
        clientRef: r.clientRef?.slice(0, 64) ?? null,
        price: 0n,
        commissions: [],
        cost: null,
        routeId: null,
        routeName: null,
        gatewayIds: [],
        reason: null,
      };
      if (!parsed) return { ...base, reason: 'NUMBER_INVALID' as const };
      if (seen.has(parsed.digits)) return { ...base, reason: 'NUMBER_DUPLICATE' as const };
      seen.add(parsed.digits);
      return base;
    });
    if (input.forcedGatewayId) {
      for (const a of prepared) {
        if (a.reason) continue;
        a.routeName = 'test';
        a.gatewayIds = [input.forcedGatewayId];
      }
      return prepared;
    }
    // What pricing and routing read is read once for the batch; each number is then decided at once.
    const [pricing, route] = await Promise.all([
      input.platform ? undefined : this.services.rates.pricing.forCompany(input.companyId, input.kind),
      this.services.routing?.resolver(input.companyId),
    ]);
    const costs = new Map<string, Promise<bigint | null>>();
    const costKeys = new Map<number, string>();
    const analysed = prepared.map((a): Analysed => {
      if (a.reason) return a;
      if (pricing) {
        let priced: ReturnType<Pricing['price']>;
        try {
          priced = pricing.price(a.parsed!, a.parts);
        } catch (error) {
          if (error instanceof AppError) return { ...a, reason: error.errorCode };
          throw error;
        }
        const op = priced.resolution.operator;
        a.mcc = op?.mcc ?? null;
        a.mnc = op?.mnc ?? null;
        a.price = priced.amount;
        a.commissions = priced.commissions;
        const costKey = `${a.countryCode}:${a.mcc}:${a.mnc}`;
        costKeys.set(a.index, costKey);
        if (!costs.has(costKey)) {
          costs.set(
            costKey,
            this.services.rates.gatewayCosts.costOf('sms', a.countryCode!, op).catch(() => null),
          );
        }
      }
      const decision = route?.({
        kind: input.kind,
        number: a.digits!,
        countryCode: a.countryCode!,
        mcc: a.mcc,
        mnc: a.mnc,
        at,
      });
      if (!decision?.ok || decision.gatewayIds.length === 0) return { ...a, reason: 'NO_ROUTE' };
      a.routeId = decision.routeId;
      a.routeName = decision.routeName.slice(0, 128);
      a.gatewayIds = decision.gatewayIds;
      return a;
    });
    // Gateway costs (staff figures) per destination network, a few reads for the whole batch.
    const unitCosts = new Map<string, bigint | null>();
    for (const [key, cost] of costs) unitCosts.set(key, await cost);
    for (const a of analysed) {
      const key = costKeys.get(a.index);
      if (key === undefined) continue;
      const unitCost = unitCosts.get(key)!;
      a.cost = unitCost === null ? null : unitCost * BigInt(a.parts);
    }
    return analysed;
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
    const analysed = await this.analyse(input, scheduledAt ?? now);
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
              note: (count: number) => `${p.input.kind}: ${count} SMS`,
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
        await this.finalised(finals);
        return results;
      },
      this.log,
    );
  }

  /** The sending company of a console user (staff without a company cannot send). */
  private companyOf(auth: AuthContext): string {
    if (!auth.user.companyId) throw new AppError('SMS_NO_COMPANY', 400);
    return auth.user.companyId;
  }

  /** `preview`: counts, problems, parts and cost of a send, without sending. */
  async preview(auth: AuthContext, kind: SmsKind, input: SendInput) {
    const companyId = this.companyOf(auth);
    const accept: AcceptInput = { ...this.acceptInputOf(auth, kind, input), companyId };
    if (accept.scheduledAt && accept.scheduledAt.getTime() < Date.now()) {
      throw new AppError('SCHEDULE_IN_PAST', 400);
    }
    const analysed = await this.analyse(accept, accept.scheduledAt ?? new Date());
    const valid = analysed.filter((a) => a.reason === null);
    const amount = valid.reduce((sum, a) => sum + a.price, 0n);
    const balances = await this.services.ledger.balancesOf([companyId]);
    const b = balances.get(companyId) ?? { balance: 0n, creditLimit: 0n };
    const encoding: SmsEncoding = analysed.some((a) => a.encoding === 'ucs2') ? 'ucs2' : 'gsm7';
    return {
      total: analysed.length,
      valid: valid.length,
      problems: analysed
        .filter((a) => a.reason !== null)
        .map((a) => ({ index: a.index, number: a.given, reason: a.reason! })),
      parts: valid.reduce((sum, a) => sum + a.parts, 0),
      encoding,
      amount,
      currency: (await this.services.ledger.balanceOf(companyId)).currency,
      covered: b.balance + b.creditLimit >= amount,
    };
  }

  private acceptInputOf(auth: AuthContext, kind: SmsKind, input: SendInput): AcceptInput {
    return {
      companyId: auth.user.companyId ?? '',
      userId: auth.user.id,
      kind,
      source: 'console',
      recipients: input.recipients,
      text: input.text,
      sender: input.sender ?? null,
      templateId: input.templateId ?? null,
      scheduledAt: input.scheduledAt ?? null,
    };
  }

  /** `send` from the console: accepted now or at `scheduledAt`. */
  async send(auth: AuthContext, kind: SmsKind, input: SendInput) {
    const companyId = this.companyOf(auth);
    const result = await this.accept({ ...this.acceptInputOf(auth, kind, input), companyId });
    return {
      batchId: result.batchId,
      accepted: result.messages.filter((m) => m.status === 'accepted').length,
      problems: result.messages
        .filter((m) => m.reason !== null)
        .map((m) => ({ index: m.index, number: input.recipients[m.index]!.number, reason: m.reason! })),
      amount: result.amount,
      scheduledAt: result.scheduledAt,
    };
  }

  /** Cancels a scheduled batch that has not started: its messages fail (CANCELLED) and are refunded. */
  async cancel(auth: AuthContext, kind: SmsKind, id: string): Promise<{ cancelled: number }> {
    const batch = await this.repo.findBatch(id);
    if (!batch || batch.kind !== kind) throw new AppError('NOT_FOUND', 404);
    await this.services.companies.objectInScope(auth, batch);
    return withTransaction(
      this.db,
      async () => {
        const locked = await this.repo.lockCancellable(id, CANCEL_MARGIN_MS);
        if (!locked) throw new AppError('SMS_BATCH_NOT_CANCELLABLE', 409);
        const waiting = await this.repo.waitingOfBatch(id, batch.createdAt);
        const failed = await this.repo.fail(
          waiting.map((w) => ({ ...w, errorCode: 'CANCELLED' })),
          ['accepted'],
        );
        await this.refund(failed);
        await this.finalised(failed);
        return { cancelled: failed.length };
      },
      this.log,
    );
  }

  // ------------------------------------------------------------------ money back

  /**
   * Gives back what messages that never reached a gateway were charged, once: a `refund` credit
   * keyed `<message id>:refund`, and the commission each reseller above earned on it (kept on the
   * message) taken back (an adjustment of its commission account under the same key). Runs in the
   * caller's transaction, which also made the messages final: the refund and the final status
   * commit together, and a final status is never made twice.
   */
  async refund(messages: FinalMessage[]): Promise<void> {
    const postings: Posting[] = [];
    for (const m of messages) {
      if (m.price <= 0n) continue;
      const leader = postings.length;
      postings.push({
        companyId: m.companyId,
        kind: 'refund',
        amount: m.price,
        idempotencyKey: `${m.id}:refund`,
        reference: `sms:${m.id}`,
        note: `SMS not sent (${m.errorCode ?? m.status}): refunded`.slice(0, 256),
      });
      for (const c of m.commissions) {
        if (c.amount <= 0n) continue;
        postings.push({
          companyId: c.companyId,
          account: 'commission',
          kind: 'adjustment',
          amount: -c.amount,
          idempotencyKey: `${m.id}:refund`,
          reference: `sms:${m.id}`,
          note: `SMS refunded to company:${m.companyId}: commission reversed`.slice(0, 256),
          allowOverdraft: true,
          requires: leader,
        });
      }
    }
    if (postings.length > 0) await this.services.ledger.post(postings, 'each');
  }

  // ------------------------------------------------------------------ final statuses

  /**
   * Messages that just became final (in the caller's transaction): a callback is queued for those
   * sent through the HTTP API, and the listeners hear of them once it has committed.
   */
  private async finalised(finals: FinalMessage[]): Promise<void> {
    if (finals.length === 0) return;
    for (const hook of this.finalHooks) await hook(finals);
    const owed = new Set<string>();
    for (const companyId of new Set(finals.filter((m) => m.source === 'api').map((m) => m.companyId))) {
      // Only a URL is remembered: one set a moment ago is seen at once (a removed one is then
      // answered null by deliverCallback and the callback skipped).
      const has = await this.callbackCompanies.getOrLoad(
        companyId,
        () => this.services.apiAccess.hasCallback(companyId),
        (value) => value,
      );
      if (has) owed.add(companyId);
    }
    const callbacks = finals
      .filter((m) => m.source === 'api' && owed.has(m.companyId))
      .map((m) => ({
        messageId: m.id,
        companyId: m.companyId,
        body: JSON.stringify({
          id: m.id,
          clientRef: m.clientRef,
          to: m.to,
          status: m.status,
          errorCode: m.errorCode,
          doneAt: m.doneAt.toISOString(),
        }),
      }));
    await this.repo.queueCallbacks(callbacks);
    await afterCommit(() => {
      for (const m of finals) {
        const event: FinalEvent = {
          id: m.id,
          companyId: m.companyId,
          clientRef: m.clientRef,
          to: m.to,
          status: m.status,
          errorCode: m.errorCode,
          doneAt: m.doneAt,
          source: m.source,
        };
        for (const listener of this.listeners) {
          try {
            listener(event);
          } catch (error) {
            this.log.error({ err: error }, 'sms final listener failed');
          }
        }
      }
    });
  }

  // ------------------------------------------------------------------ dispatch results

  /**
   * Writes what the gateways answered for claimed messages, in one transaction. `sent` with a
   * null upstream id: the gateway may have taken that part without saying so (SUBMIT_UNCONFIRMED).
   */
  async recordSubmits(
    results: (
      | {
          kind: 'sent';
          message: ClaimedMessage;
          gatewayId: string;
          upstreamIds: (string | null)[];
          at: Date;
        }
      | { kind: 'retry'; message: ClaimedMessage; nextAt: Date; errorCode: string }
      | { kind: 'failed'; message: ClaimedMessage; errorCode: string }
    )[],
  ): Promise<void> {
    await withTransaction(
      this.db,
      async () => {
        const sent = results.flatMap((r) => (r.kind === 'sent' ? [r] : []));
        // A reused upstream id names the newer part (dedupe within this write too).
        const seen = new Set<string>();
        for (const r of [...sent].reverse()) {
          r.upstreamIds = r.upstreamIds.map((u) => {
            if (u === null) return u;
            const key = `${r.gatewayId}:${u}`;
            if (seen.has(key)) return `${u.slice(0, 27)}#${r.message.id}`;
            seen.add(key);
            return u;
          });
        }
        await this.repo.markSent(
          sent.map((r) => ({
            id: r.message.id,
            createdAt: r.message.createdAt,
            gatewayId: r.gatewayId,
            upstreamIds: r.upstreamIds,
            sentAt: r.at,
          })),
        );
        await this.repo.markRetry(
          results.flatMap((r) =>
            r.kind === 'retry'
              ? [
                  {
                    id: r.message.id,
                    createdAt: r.message.createdAt,
                    nextAt: r.nextAt,
                    errorCode: r.errorCode,
                  },
                ]
              : [],
          ),
        );
        const failed = await this.repo.fail(
          results.flatMap((r) =>
            r.kind === 'failed'
              ? [{ id: r.message.id, createdAt: r.message.createdAt, errorCode: r.errorCode }]
              : [],
          ),
          ['queued'],
        );
        await this.refund(failed);
        await this.finalised(failed);
        // Receipts that came before this answer was stored.
        const early = await this.repo.takeMatchedPending(
          sent.flatMap((r) =>
            r.upstreamIds.flatMap((upstreamId) =>
              upstreamId ? [{ gatewayId: r.gatewayId, upstreamId }] : [],
            ),
          ),
        );
        if (early.length > 0) await this.settle(await this.repo.applyReceipts(early));
      },
      this.log,
    );
  }

  // ------------------------------------------------------------------ receipts

  /** The gateway module's receipt handler: resolves once the receipt is stored (or kept for later). */
  handleReceipt(receipt: GatewayReceipt): Promise<void> {
    return this.receipts.push(receipt);
  }

  private async applyReceipts(batch: GatewayReceipt[]): Promise<void> {
    await withTransaction(
      this.db,
      async () => {
        const known = new Set(
          (await this.repo.partsByUpstream(batch)).map((p) => `${p.gatewayId}\u0000${p.upstreamId}`),
        );
        // An id never answered: the message the gateway may have taken, by the receipt's number.
        for (const key of await this.repo.matchUnconfirmed(
          batch.filter((r) => !known.has(`${r.gatewayId}\u0000${r.upstreamId}`)),
        )) {
          known.add(key);
        }
        const unknown = batch.filter((r) => !known.has(`${r.gatewayId}\u0000${r.upstreamId}`));
        await this.repo.keepPending(unknown);
        const touched = await this.repo.applyReceipts(
          batch.filter((r) => known.has(`${r.gatewayId}\u0000${r.upstreamId}`)),
        );
        await this.settle(touched);
      },
      this.log,
    );
  }

  /** Messages whose every part has its receipt get their final status (delivered only if all were). */
  private async settle(messageIds: string[]): Promise<void> {
    if (messageIds.length === 0) return;
    const rows: { id: string; createdAt: Date; status: SmsStatus; errorCode: string | null; doneAt: Date }[] =
      [];
    for (const m of await this.repo.partsOf(messageIds)) {
      const final = finalOfParts(m.parts);
      if (!final) continue;
      const doneAt = new Date(Math.max(...m.parts.map((p) => p.doneAt?.getTime() ?? 0)));
      rows.push({
        id: m.messageId,
        createdAt: m.createdAt,
        status: final.status,
        errorCode: final.errorCode,
        doneAt,
      });
    }
    await this.finalised(await this.repo.finish(rows));
  }

  // ------------------------------------------------------------------ sweeps

  /**
   * The periodic checks (every SMS_SWEEP_MS in worker processes; safe in several at once):
   * - sent without a receipt past validity: `timeout` (charged: it reached a gateway);
   * - claimed and not marked as written within SMS_CLAIM_LEASE_S (the dispatcher died before
   *   writing it): back to the queue, sent by the next dispatcher;
   * - marked as written longer than SMS_SUBMIT_TIMEOUT_S without the answer stored (the
   *   process died mid-submit): `sent` SUBMIT_UNCONFIRMED on the gateway it was marked for (a
   *   receipt matched by number finalises it, else `timeout` at validity), or `timeout` at once
   *   when no gateway was recorded; never submitted again (the gateway may have it: at most
   *   once) and not refunded;
   * - waiting past validity (no gateway took it): `failed` SMS_NO_GATEWAY, refunded;
   * - receipts kept for an upstream id that is now known, or whose number now matches a message
   *   sent SUBMIT_UNCONFIRMED: applied; those older than validity plus a day: dropped.
   */
  async sweep(): Promise<Record<string, number>> {
    const counts = { timeout: 0, reclaimed: 0, unconfirmed: 0, expired: 0, lateReceipts: 0 };
    for (;;) {
      const n = await this.repo.reclaim(1_000);
      counts.reclaimed += n;
      if (n < 1_000) break;
    }
    for (;;) {
      const n = await withTransaction(this.db, async () => {
        const finals = await this.repo.sweepSent(1_000);
        await this.finalised(finals);
        return finals.length;
      });
      counts.timeout += n;
      if (n < 1_000) break;
    }
    const stale = await this.repo.staleQueued(new Date(Date.now() - this.config.submitTimeoutMs), 1_000);
    if (stale.length > 0) {
      counts.unconfirmed = await withTransaction(this.db, async () => {
        // Marked for a gateway: it may have it; its receipt (matched by number) may still come.
        const now = new Date();
        await this.repo.markSent(
          stale.flatMap((s) =>
            s.gatewayId
              ? [{ ...s, gatewayId: s.gatewayId, upstreamIds: Array(s.parts).fill(null), sentAt: now }]
              : [],
          ),
        );
        const finals = await this.repo.fail(
          stale.filter((s) => !s.gatewayId).map((s) => ({ ...s, errorCode: UNCONFIRMED })),
          ['queued'],
          'timeout',
        );
        await this.finalised(finals);
        return stale.length;
      });
    }
    counts.expired = await this.expireWaiting();
    counts.lateReceipts = await withTransaction(this.db, async () => {
      const pending = await this.repo.pendingWithHandset(1_000);
      await this.repo.matchUnconfirmed(pending.map((p) => ({ ...p, excerpt: receiptExcerptOf(p.raw) })));
      const late = await this.repo.takeMatchedPending();
      if (late.length > 0) await this.settle(await this.repo.applyReceipts(late));
      return late.length;
    });
    await this.repo.purgePending(new Date(Date.now() - this.config.validityMs - 86_400_000));
    return counts;
  }

  /** Waiting messages past validity: failed and refunded. */
  private async expireWaiting(): Promise<number> {
    return withTransaction(this.db, async () => {
      const rows = await this.repo.expiredWaiting(1_000);
      const finals = await this.repo.fail(
        rows.map((r) => ({ ...r, errorCode: 'SMS_NO_GATEWAY' })),
        ['accepted'],
      );
      await this.refund(finals);
      await this.finalised(finals);
      return finals.length;
    });
  }

  /** Dispatch outcome of a message no gateway took now: retried later, or failed past validity. */
  retryOrFail(message: ClaimedMessage, errorCode: string, now = Date.now()) {
    const nextAt = new Date(now + retryDelayMs(message.attempts));
    if (nextAt.getTime() >= message.validUntil.getTime()) {
      return { kind: 'failed' as const, message, errorCode: 'SMS_NO_GATEWAY' };
    }
    return { kind: 'retry' as const, message, nextAt, errorCode };
  }

  // ------------------------------------------------------------------ lists

  private period(dateFrom: Date | undefined, dateTo: Date | undefined) {
    const today = dayOf(new Date());
    const from = dateFrom ?? today.from;
    const to = dateTo ?? (dateFrom ? new Date(dateFrom.getTime() + 86_400_000) : today.to);
    if (to.getTime() < from.getTime()) throw new AppError('FIELD_INVALID', 400, { field: 'dateTo' });
    if (to.getTime() - from.getTime() > LIST_PERIOD_DAYS * 86_400_000) {
      throw new AppError('SMS_PERIOD_TOO_LONG', 400, { days: LIST_PERIOD_DAYS });
    }
    return { from, to };
  }

  private async messageFilters(
    auth: AuthContext,
    kind: SmsKind,
    query: MessageQuery,
  ): Promise<MessageFilters> {
    const scope = await this.services.companies.assertInScope(auth, query.companyId ? [query.companyId] : []);
    const staff = hasPlatformScope(auth.roles);
    return {
      kind,
      ...this.period(query.dateFrom, query.dateTo),
      scope,
      companyId: query.companyId,
      number: query.number,
      status: query.status,
      batchId: query.batchId,
      // Gateways are the platform's business.
      gatewayId: staff ? query.gatewayId : undefined,
    };
  }

  private async present(auth: AuthContext, rows: SmsMessageRecord[]): Promise<SmsMessageRow[]> {
    const staff = hasPlatformScope(auth.roles);
    const companies = await this.services.companies.namesOf([...new Set(rows.map((r) => r.companyId))]);
    const gatewayIds = [...new Set(rows.flatMap((r) => (r.gatewayId ? [r.gatewayId] : [])))];
    const gateways =
      staff && gatewayIds.length > 0 && this.services.gateways
        ? await this.services.gateways.namesOf(gatewayIds)
        : new Map<string, string>();
    return rows.map((r) => ({
      id: r.id,
      batchId: r.batchId,
      kind: r.kind as SmsKind,
      companyId: r.companyId,
      companyName: companies.get(r.companyId) ?? '',
      to: r.toNumber,
      countryCode: r.countryCode,
      sender: r.sender,
      text: r.text,
      parts: r.parts,
      price: r.price,
      status: r.status as SmsStatus,
      errorCode: r.errorCode,
      clientRef: r.clientRef,
      source: r.source as SmsSource,
      createdAt: r.createdAt,
      sentAt: r.sentAt,
      doneAt: r.doneAt,
      gatewayName: staff && r.gatewayId ? (gateways.get(r.gatewayId) ?? r.gatewayId) : null,
      routeName: staff ? r.routeName : null,
      cost: staff ? r.cost : null,
    }));
  }

  async list(auth: AuthContext, kind: SmsKind, query: MessageQuery): Promise<Page<SmsMessageRow>> {
    const filters = await this.messageFilters(auth, kind, query);
    const [total, rows] = await Promise.all([
      this.repo.countMessages(filters),
      this.repo.listMessages(filters, query.pageSize, (query.pageNo - 1) * query.pageSize),
    ]);
    return pageOf(await this.present(auth, rows), total, query);
  }

  /** Export: the list's filters within the past week only. */
  async exportRows(auth: AuthContext, kind: SmsKind, query: MessageQuery, limit: number) {
    const filters = await this.messageFilters(auth, kind, query);
    const earliest = dayOf(new Date(Date.now() - EXPORT_DAYS * 86_400_000)).from;
    if (filters.from.getTime() < earliest.getTime()) {
      throw new AppError('SMS_EXPORT_PAST_WEEK', 400, { days: EXPORT_DAYS });
    }
    return this.present(auth, await this.repo.listMessages(filters, limit, 0));
  }

  async queryById(auth: AuthContext, kind: SmsKind, id: string): Promise<SmsMessageRow> {
    const row = await this.repo.findMessage(id);
    if (!row || row.kind !== kind) throw new AppError('NOT_FOUND', 404);
    await this.services.companies.objectInScope(auth, row);
    return (await this.present(auth, [row]))[0]!;
  }

  async batchList(auth: AuthContext, kind: SmsKind, query: BatchQuery): Promise<Page<SmsBatchRow>> {
    const scope = await this.services.companies.assertInScope(auth, query.companyId ? [query.companyId] : []);
    const { from, to } = this.period(query.dateFrom, query.dateTo);
    const { total, rows } = await this.repo.listBatches(
      { kind, from, to, scope, companyId: query.companyId, state: query.state },
      query.pageSize,
      (query.pageNo - 1) * query.pageSize,
    );
    const counts = await this.repo.batchCounts(rows);
    const companies = await this.services.companies.namesOf([...new Set(rows.map((r) => r.companyId))]);
    const users = await this.usernames(rows.flatMap((r) => (r.userId ? [r.userId] : [])));
    const now = Date.now();
    const records = rows.map((r) => {
      const c = counts.get(r.id) ?? {};
      const open = (c.accepted ?? 0) + (c.queued ?? 0) + (c.sent ?? 0);
      let state = r.state as SmsBatchState;
      if (state === 'scheduled' && r.scheduledAt && r.scheduledAt.getTime() <= now) state = 'dispatching';
      if (state === 'dispatching' && open === 0) state = 'done';
      return {
        id: r.id,
        kind: r.kind as SmsKind,
        companyId: r.companyId,
        companyName: companies.get(r.companyId) ?? '',
        source: r.source as SmsSource,
        sender: r.sender,
        text: r.text,
        total: r.total,
        counts: c as SmsBatchRow['counts'],
        amount: r.amount,
        state,
        scheduledAt: r.scheduledAt,
        createdAt: r.createdAt,
        createdBy: r.userId ? (users.get(r.userId) ?? null) : null,
      };
    });
    // The derived states filter here (a page may then hold fewer rows than asked).
    const shown = query.state ? records.filter((r) => r.state === query.state) : records;
    return pageOf(shown, total, query);
  }

  private async usernames(ids: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids)];
    const out = new Map<string, string>();
    for (const id of unique) {
      const user = await this.services.users.findById(id).catch(() => undefined);
      if (user) out.set(id, user.username);
    }
    return out;
  }

  async callbackList(auth: AuthContext, query: CallbackQuery): Promise<Page<SmsCallbackRow>> {
    const scope = await this.services.companies.assertInScope(auth, query.companyId ? [query.companyId] : []);
    const { from, to } = this.period(query.dateFrom, query.dateTo);
    const { total, rows } = await this.repo.listCallbacks(
      scope,
      { from, to, companyId: query.companyId, state: query.state },
      query.pageSize,
      (query.pageNo - 1) * query.pageSize,
    );
    const companies = await this.services.companies.namesOf([...new Set(rows.map((r) => r.companyId))]);
    return pageOf(
      rows.map((r) => ({
        messageId: r.messageId,
        companyId: r.companyId,
        companyName: companies.get(r.companyId) ?? '',
        body: r.body,
        state: r.state as SmsCallbackRow['state'],
        attempts: r.attempts,
        nextAt: r.state === 'pending' ? r.nextAt : null,
        lastStatus: r.lastStatus,
        lastError: r.lastError,
        log: (
          r.log as { at: string; status: number | null; errorCode: string | null; durationMs: number }[]
        ).map((e) => ({ ...e, at: new Date(e.at) })),
        createdAt: r.createdAt,
        updatedAt: r.updatedAt,
      })),
      total,
      query,
    );
  }
}
