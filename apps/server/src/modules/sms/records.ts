import {
  hasPlatformScope,
  type Page,
  pageOf,
  type SmsBatchState,
  type SmsKind,
  type SmsSource,
  type SmsStatus,
  type smsBatchListQuerySchema,
  type smsBatchRowSchema,
  type smsCallbackListQuerySchema,
  type smsCallbackRowSchema,
  type smsMessageListQuerySchema,
  type smsMessageRowSchema,
} from '@switchboard/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { AppError } from '../../platform/envelope';
import type { Services } from '../../platform/module';
import type { MessageFilters, SmsMessageRecord, SmsRepos } from './repo';
import { dayOf } from './rules';
import { PLATFORM_COMPANY_ID } from './types';

type SmsMessageRow = z.output<typeof smsMessageRowSchema>;
type SmsBatchRow = z.output<typeof smsBatchRowSchema>;
type SmsCallbackRow = z.output<typeof smsCallbackRowSchema>;
type MessageQuery = z.output<typeof smsMessageListQuerySchema>;
type BatchQuery = z.output<typeof smsBatchListQuerySchema>;
type CallbackQuery = z.output<typeof smsCallbackListQuerySchema>;

/** The widest period of a records or outbox list. */
const LIST_PERIOD_DAYS = 93;
/** Records export: only this many days back. */
const EXPORT_DAYS = 7;

/**
 * The text of a message as records show it. The platform's own OTP messages are the sign-in and
 * password-reset codes (auth's SmsCodeService is their only sender; the staff test tool sends as
 * notification): whoever reads one could sign in as the user by phone, so their codes (every run of
 * 4 or more digits) are masked for everyone, staff included, in lists, details, batches and
 * exports. What a company sent, and staff test messages, are shown as sent.
 */
export function shownText(message: {
  companyId: string;
  kind: string;
  source: string;
  text: string;
}): string {
  const code =
    message.companyId === PLATFORM_COMPANY_ID && message.kind === 'otp' && message.source === 'system';
  if (!code) return message.text;
  return message.text.replace(/\d{4,}/g, (digits) => '*'.repeat(digits.length));
}

/** The records: messages, batches and callbacks as the console lists and exports them. */
export class SmsRecords {
  constructor(
    private readonly repos: Pick<SmsRepos, 'records' | 'callbacks'>,
    private readonly services: Pick<Services, 'companies' | 'users' | 'gateways'>,
  ) {}

  async get(companyId: string | null, id: string): Promise<SmsMessageRecord | undefined> {
    const row = await this.repos.records.findMessage(id);
    if (!row || (companyId !== null && row.companyId !== companyId)) return undefined;
    return row;
  }

  /** Messages not final by where they wait, callbacks owed, receipts unmatched (monitoring). */
  queueDepth() {
    return this.repos.records.queueDepth();
  }

  /** A message with its parts as the gateway took them (the test tool's trace). */
  async trace(id: string) {
    const message = await this.repos.records.findMessage(id);
    if (!message) return undefined;
    return { message, parts: await this.repos.records.partsOfMessage(id) };
  }

  private period(dateFrom: Date | undefined, dateTo: Date | undefined) {
    const today = dayOf(new Date());
    const from = dateFrom ?? today.from;
    const to = dateTo ?? (dateFrom ? new Date(dateFrom.getTime() + 86_400_000) : today.to);
    if (to.getTime() < from.getTime()) throw new AppError('FIELD_INVALID', 400, { field: 'dateTo' });
    if (to.getTime() - from.getTime() > LIST_PERIOD_DAYS * 86_400_000) {
      throw new AppError('PERIOD_TOO_LONG', 400, { days: LIST_PERIOD_DAYS });
    }
    return { from, to };
  }

  private async messageFilters(
    auth: AuthContext,
    kind: SmsKind,
    query: MessageQuery,
  ): Promise<MessageFilters> {
    const scope = await this.services.companies.scopeFor(auth, query.companyId);
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
      text: shownText(r),
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
      this.repos.records.countMessages(filters),
      this.repos.records.listMessages(filters, query.pageSize, (query.pageNo - 1) * query.pageSize),
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
    return this.present(auth, await this.repos.records.listMessages(filters, limit, 0));
  }

  async queryById(auth: AuthContext, kind: SmsKind, id: string): Promise<SmsMessageRow> {
    const row = await this.repos.records.findMessage(id);
    if (!row || row.kind !== kind) throw new AppError('NOT_FOUND', 404);
    await this.services.companies.objectInScope(auth, row);
    return (await this.present(auth, [row]))[0]!;
  }

  async batchList(auth: AuthContext, kind: SmsKind, query: BatchQuery): Promise<Page<SmsBatchRow>> {
    const scope = await this.services.companies.scopeFor(auth, query.companyId);
    const { from, to } = this.period(query.dateFrom, query.dateTo);
    const { total, rows } = await this.repos.records.listBatches(
      { kind, from, to, scope, companyId: query.companyId, state: query.state },
      query.pageSize,
      (query.pageNo - 1) * query.pageSize,
    );
    const counts = await this.repos.records.batchCounts(rows);
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
        text: shownText(r),
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
    const scope = await this.services.companies.scopeFor(auth, query.companyId);
    const { from, to } = this.period(query.dateFrom, query.dateTo);
    const { total, rows } = await this.repos.callbacks.listCallbacks(
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
