import {
  type ErrorCode,
  isTemplatePolicyKind,
  matchesTemplate,
  type NoticeTopic,
  type Page,
  type PageQuery,
  type SmsKind,
  type SmsReviewStatus,
  type SmsSendCheckError,
  type smsSenderEditSchema,
  type smsSenderImportRowSchema,
  type smsSenderInputSchema,
  type smsTemplateEditSchema,
  type smsTemplateImportRowSchema,
  type smsTemplateInputSchema,
  templateVariables,
} from '@switchboard/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { TtlCache } from '../../platform/cache';
import { type CacheBus, clearOnCommit } from '../../platform/cache-bus';
import { type Db, uniqueViolationOf, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import type { RowProblem } from '../../platform/resource';
import {
  type Decision,
  type SenderFilters,
  type SenderRow,
  SmsTemplateRepo,
  type TemplateFilters,
  type TemplateRow,
} from './repo';

type TemplateInput = z.output<typeof smsTemplateInputSchema>;
type TemplateEdit = z.output<typeof smsTemplateEditSchema>;
type TemplateImportRow = z.output<typeof smsTemplateImportRowSchema>;
type SenderInput = z.output<typeof smsSenderInputSchema>;
type SenderEdit = z.output<typeof smsSenderEditSchema>;
type SenderImportRow = z.output<typeof smsSenderImportRowSchema>;

/** What the console and the API see of a row: the company's name and user names for ids. */
type Named = { companyName: string; reviewedBy: string | null; createdBy: string | null };
export type TemplateView = Omit<TemplateRow, 'reviewedBy' | 'createdBy'> & Named & { variables: string[] };
export type SenderView = Omit<SenderRow, 'reviewedBy' | 'createdBy'> & Named;

/** What `checkSend` is asked (see /work/sms-interfaces.md: the sms module calls it at acceptance). */
export interface SendCheckInput {
  companyId: string;
  kind: SmsKind;
  /** The batch's text (variables may still be written as `{name}`) or one message's filled text. */
  text: string;
  sender: string | null;
  templateId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = () => new AppError('NOT_FOUND', 404);

/** The name of checkSend's caches on the cache bus. */
const SMS_TEMPLATES_CACHE = 'sms-templates';
/** How long checkSend's caches hold without a change (a change clears them at once). */
const CHECK_CACHE_TTL_MS = 5_000;

/**
 * SMS templates and sender ids with their review (to be reviewed, passed, failed), the company
 * policy requiring passed templates for marketing and notification, and the check the SMS
 * pipeline runs at acceptance (`checkSend`).
 *
 * Who does what: a company's users create and edit their own (an edit of the text or kinds of a
 * template, or of a sender id, sends it back to review); staff review any in their data scope
 * (sales: their companies); distributors and agents review their customers' (never their own
 * company's: the platform reviews those). Each decision reaches the company's users as an
 * announcement in both languages.
 */
export class SmsTemplateService {
  private readonly repo: SmsTemplateRepo;
  /** What checkSend reads at every acceptance, per company (cleared on every change, everywhere). */
  private readonly policies = new TtlCache<boolean>(CHECK_CACHE_TTL_MS, 20_000);
  private readonly senderStatuses = new TtlCache<string | null>(CHECK_CACHE_TTL_MS, 50_000);
  private readonly passed = new TtlCache<{ text: string }[]>(CHECK_CACHE_TTL_MS, 20_000);

  constructor(
    private readonly db: Db,
    private readonly services: Pick<Services, 'announcements' | 'companies' | 'users'>,
    private readonly log?: Logger,
    private readonly caches?: CacheBus,
  ) {
    this.repo = new SmsTemplateRepo(db);
    caches?.register(SMS_TEMPLATES_CACHE, () => this.clearCaches());
  }

  private clearCaches() {
    this.policies.clear();
    this.senderStatuses.clear();
    this.passed.clear();
  }

  /** Templates, sender ids or a policy changed: checkSend's caches go, once it has committed, in every process. */
  private changed() {
    return clearOnCommit(this.caches, SMS_TEMPLATES_CACHE, () => this.clearCaches());
  }

  /** A row of a company in the caller's scope; any other is not found. */
  private async inScope<T extends { companyId: string }>(auth: AuthContext, row: T | undefined): Promise<T> {
    return this.services.companies.objectInScope(auth, row);
  }

  /** Rows the caller may decide: in scope, and not of the caller's own company. */
  private async decidable<T extends { companyId: string }>(
    auth: AuthContext,
    row: T | undefined,
  ): Promise<T> {
    const found = await this.inScope(auth, row);
    if (auth.user.companyId && found.companyId === auth.user.companyId)
      throw new AppError('REVIEW_OWN_COMPANY', 403);
    return found;
  }

  private async names(rows: { companyId: string; reviewedBy: string | null; createdBy: string | null }[]) {
    const userIds = [
      ...new Set(rows.flatMap((r) => [r.reviewedBy, r.createdBy].filter((x): x is string => !!x))),
    ];
    const [companies, users] = await Promise.all([
      this.services.companies.namesOf([...new Set(rows.map((r) => r.companyId))]),
      this.services.users.namesInScope(userIds, { kind: 'all' }),
    ]);
    const userNames = new Map(users.map((u) => [u.id, u.username]));
    return (r: { companyId: string; reviewedBy: string | null; createdBy: string | null }): Named => ({
      companyName: companies.get(r.companyId) ?? '',
      reviewedBy: r.reviewedBy ? (userNames.get(r.reviewedBy) ?? null) : null,
      createdBy: r.createdBy ? (userNames.get(r.createdBy) ?? null) : null,
    });
  }

  private async templateViews(rows: TemplateRow[]): Promise<TemplateView[]> {
    const named = await this.names(rows);
    return rows.map((r) => ({ ...r, ...named(r), variables: templateVariables(r.text) }));
  }

  private async senderViews(rows: SenderRow[]): Promise<SenderView[]> {
    const named = await this.names(rows);
    return rows.map((r) => ({ ...r, ...named(r) }));
  }

  /** A routine notice to every user of the company, in each reader's language; their `topic` screens reload. */
  private async tell(
    auth: AuthContext,
    companyId: string,
    title: ErrorCode,
    text: ErrorCode,
    params: Record<string, string>,
    topic: NoticeTopic,
  ) {
    const [userIds, names] = await Promise.all([
      this.services.users.idsOfCompanies([companyId]),
      this.services.companies.namesOf([companyId]),
    ]);
    await this.services.announcements.publishNotice(
      auth,
      { userIds },
      { title, text, params: { company: names.get(companyId) ?? '', ...params }, topic },
    );
  }

  private refuseTaken(error: unknown, constraint: string, code: ErrorCode): never {
    if (uniqueViolationOf(error) === constraint) throw new AppError(code, 409);
    throw error;
  }

  // --- templates ---

  async listTemplates(auth: AuthContext, query: PageQuery & TemplateFilters): Promise<Page<TemplateView>> {
    const scope = await this.services.companies.scopeFor(auth, query.companyId);
    const page = await paginate(
      query,
      () => this.repo.countTemplates(scope, query),
      (limit, offset) => this.repo.listTemplates(scope, query, limit, offset),
    );
    return { ...page, records: await this.templateViews(page.records) };
  }

  async exportTemplates(auth: AuthContext, filters: TemplateFilters, limit: number) {
    return this.templateViews(
      await this.repo.listTemplates(
        await this.services.companies.scopeFor(auth, filters.companyId),
        filters,
        limit,
        0,
      ),
    );
  }

  async getTemplate(auth: AuthContext, id: string): Promise<TemplateView> {
    const row = await this.inScope(auth, await this.repo.template(id));
    return (await this.templateViews([row]))[0]!;
  }

  async addTemplate(auth: AuthContext, input: TemplateInput): Promise<TemplateView> {
    const companyId = await this.services.companies.targetOf(auth, input.companyId);
    try {
      const [row] = await this.repo.insertTemplates([
        { companyId, name: input.name, kinds: input.kinds, text: input.text, createdBy: auth.user.id },
      ]);
      await this.changed();
      return (await this.templateViews([row!]))[0]!;
    } catch (error) {
      this.refuseTaken(error, 'sms_templates_company_name_uq', 'TEMPLATE_NAME_TAKEN');
    }
  }

  /** Import: names taken in the company or repeated in the file are row problems. */
  async checkTemplateImport(auth: AuthContext, rows: TemplateImportRow[]): Promise<RowProblem[]> {
    const companyId = await this.services.companies.targetOf(auth, undefined);
    const taken = new Set(
      (await this.repo.listTemplates({ kind: 'companies', companyIds: [companyId] }, {}, 100_000, 0)).map(
        (t) => t.name.toLowerCase(),
      ),
    );
    const problems: RowProblem[] = [];
    for (const [index, row] of rows.entries()) {
      const key = row.name.toLowerCase();
      if (taken.has(key)) problems.push({ index, field: 'name', code: 'TEMPLATE_NAME_TAKEN' });
      taken.add(key);
    }
    return problems;
  }

  async importTemplates(auth: AuthContext, rows: TemplateImportRow[]): Promise<number> {
    const companyId = await this.services.companies.targetOf(auth, undefined);
    return withTransaction(this.db, async () => {
      try {
        const inserted = await this.repo.insertTemplates(
          rows.map((r) => ({
            companyId,
            name: r.name,
            kinds: r.kinds,
            text: r.text,
            createdBy: auth.user.id,
          })),
        );
        await this.changed();
        return inserted.length;
      } catch (error) {
        this.refuseTaken(error, 'sms_templates_company_name_uq', 'TEMPLATE_NAME_TAKEN');
      }
    });
  }

  /**
   * Name, kinds and text. A new text or new kinds send a passed (or failed) template back to
   * review (its reason cleared); a new name alone does not.
   */
  async editTemplate(auth: AuthContext, input: TemplateEdit): Promise<TemplateView> {
    const current = await this.inScope(auth, await this.repo.template(input.id));
    const changed = current.text !== input.text || current.kinds.join(',') !== input.kinds.join(',');
    try {
      const row = await this.repo.updateTemplate(current.id, {
        name: input.name,
        kinds: input.kinds,
        text: input.text,
        ...(changed ? { status: 'to_review', rejectReason: null, reviewedBy: null, reviewedAt: null } : {}),
      });
      await this.changed();
      if (!row) throw NOT_FOUND();
      return (await this.templateViews([row]))[0]!;
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.refuseTaken(error, 'sms_templates_company_name_uq', 'TEMPLATE_NAME_TAKEN');
    }
  }

  /** Deletes every one of `ids` in the caller's scope, or none (one unknown or out of scope: 404). */
  async deleteTemplates(auth: AuthContext, ids: string[]): Promise<number> {
    return withTransaction(this.db, async () => {
      await this.services.companies.objectsInScope(auth, ids, await this.repo.templatesByIds(ids));
      const removed = (await this.repo.deleteTemplates(ids)).length;
      await this.changed();
      return removed;
    });
  }

  async decideTemplate(
    auth: AuthContext,
    id: string,
    status: Exclude<SmsReviewStatus, 'to_review'>,
    reason: string | null,
  ): Promise<TemplateView> {
    const current = await this.decidable(auth, await this.repo.template(id));
    const row = await this.review(
      auth,
      status,
      reason,
      (decision) => this.repo.decideTemplate(current.id, decision),
      {
        passed: ['TEMPLATE_PASSED_NOTICE_TITLE', 'TEMPLATE_PASSED_NOTICE'],
        failed: ['TEMPLATE_FAILED_NOTICE_TITLE', 'TEMPLATE_FAILED_NOTICE'],
        params: (decided) => ({ name: decided.name }),
        topic: 'smsTemplate',
      },
    );
    return (await this.templateViews([row]))[0]!;
  }

  /**
   * Records a review decision (`write`: undefined when the row was decided already, answered
   * REVIEW_ALREADY_DONE) and tells the row's company, passed or failed with the reason, in one
   * transaction.
   */
  private async review<T extends { companyId: string }>(
    auth: AuthContext,
    status: Exclude<SmsReviewStatus, 'to_review'>,
    reason: string | null,
    write: (decision: Decision) => Promise<T | undefined>,
    notice: {
      passed: [ErrorCode, ErrorCode];
      failed: [ErrorCode, ErrorCode];
      params: (decided: T) => Record<string, string>;
      topic: NoticeTopic;
    },
  ): Promise<T> {
    return withTransaction(
      this.db,
      async () => {
        const decided = await write(this.decision(auth, status, reason));
        await this.changed();
        if (!decided) throw new AppError('REVIEW_ALREADY_DONE', 409);
        const [title, text] = status === 'passed' ? notice.passed : notice.failed;
        const params =
          status === 'passed' ? notice.params(decided) : { ...notice.params(decided), reason: reason ?? '' };
        await this.tell(auth, decided.companyId, title, text, params, notice.topic);
        return decided;
      },
      this.log,
    );
  }

  private decision(
    auth: AuthContext,
    status: Exclude<SmsReviewStatus, 'to_review'>,
    reason: string | null,
  ): Decision {
    return {
      status,
      rejectReason: status === 'failed' ? reason : null,
      reviewedBy: auth.user.id,
      reviewedAt: new Date(),
    };
  }

  // --- sender ids ---

  async listSenders(auth: AuthContext, query: PageQuery & SenderFilters): Promise<Page<SenderView>> {
    const scope = await this.services.companies.scopeFor(auth, query.companyId);
    const page = await paginate(
      query,
      () => this.repo.countSenders(scope, query),
      (limit, offset) => this.repo.listSenders(scope, query, limit, offset),
    );
    return { ...page, records: await this.senderViews(page.records) };
  }

  async exportSenders(auth: AuthContext, filters: SenderFilters, limit: number) {
    return this.senderViews(
      await this.repo.listSenders(
        await this.services.companies.scopeFor(auth, filters.companyId),
        filters,
        limit,
        0,
      ),
    );
  }

  async getSender(auth: AuthContext, id: string): Promise<SenderView> {
    const row = await this.inScope(auth, await this.repo.sender(id));
    return (await this.senderViews([row]))[0]!;
  }

  async addSender(auth: AuthContext, input: SenderInput): Promise<SenderView> {
    const companyId = await this.services.companies.targetOf(auth, input.companyId);
    try {
      const [row] = await this.repo.insertSenders([
        { companyId, senderId: input.senderId, remark: input.remark || null, createdBy: auth.user.id },
      ]);
      await this.changed();
      return (await this.senderViews([row!]))[0]!;
    } catch (error) {
      this.refuseTaken(error, 'sms_senders_company_sender_uq', 'SENDER_EXISTS');
    }
  }

  async checkSenderImport(auth: AuthContext, rows: SenderImportRow[]): Promise<RowProblem[]> {
    const companyId = await this.services.companies.targetOf(auth, undefined);
    const taken = new Set(
      (await this.repo.listSenders({ kind: 'companies', companyIds: [companyId] }, {}, 100_000, 0)).map((s) =>
        s.senderId.toLowerCase(),
      ),
    );
    const problems: RowProblem[] = [];
    for (const [index, row] of rows.entries()) {
      const key = row.senderId.toLowerCase();
      if (taken.has(key)) problems.push({ index, field: 'senderId', code: 'SENDER_EXISTS' });
      taken.add(key);
    }
    return problems;
  }

  async importSenders(auth: AuthContext, rows: SenderImportRow[]): Promise<number> {
    const companyId = await this.services.companies.targetOf(auth, undefined);
    return withTransaction(this.db, async () => {
      try {
        const inserted = await this.repo.insertSenders(
          rows.map((r) => ({
            companyId,
            senderId: r.senderId,
            remark: r.remark || null,
            createdBy: auth.user.id,
          })),
        );
        await this.changed();
        return inserted.length;
      } catch (error) {
        this.refuseTaken(error, 'sms_senders_company_sender_uq', 'SENDER_EXISTS');
      }
    });
  }

  /** A new sender id text sends it back to review; a new remark alone does not. */
  async editSender(auth: AuthContext, input: SenderEdit): Promise<SenderView> {
    const current = await this.inScope(auth, await this.repo.sender(input.id));
    const changed = current.senderId !== input.senderId;
    try {
      const row = await this.repo.updateSender(current.id, {
        senderId: input.senderId,
        remark: input.remark || null,
        ...(changed ? { status: 'to_review', rejectReason: null, reviewedBy: null, reviewedAt: null } : {}),
      });
      await this.changed();
      if (!row) throw NOT_FOUND();
      return (await this.senderViews([row]))[0]!;
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.refuseTaken(error, 'sms_senders_company_sender_uq', 'SENDER_EXISTS');
    }
  }

  async deleteSenders(auth: AuthContext, ids: string[]): Promise<number> {
    return withTransaction(this.db, async () => {
      await this.services.companies.objectsInScope(auth, ids, await this.repo.sendersByIds(ids));
      const removed = (await this.repo.deleteSenders(ids)).length;
      await this.changed();
      return removed;
    });
  }

  async decideSender(
    auth: AuthContext,
    id: string,
    status: Exclude<SmsReviewStatus, 'to_review'>,
    reason: string | null,
  ): Promise<SenderView> {
    const current = await this.decidable(auth, await this.repo.sender(id));
    const row = await this.review(
      auth,
      status,
      reason,
      (decision) => this.repo.decideSender(current.id, decision),
      {
        passed: ['SENDER_PASSED_NOTICE_TITLE', 'SENDER_PASSED_NOTICE'],
        failed: ['SENDER_FAILED_NOTICE_TITLE', 'SENDER_FAILED_NOTICE'],
        params: (decided) => ({ sender: decided.senderId }),
        topic: 'smsSender',
      },
    );
    return (await this.senderViews([row]))[0]!;
  }

  // --- policy ---

  /** A company's policy (in the caller's scope, else NO_OPERATION_PERMISSION). */
  async policyOf(auth: AuthContext, companyId: string) {
    await this.services.companies.assertActsFor(auth, companyId);
    return { companyId, requireApprovedTemplates: await this.repo.policy(companyId) };
  }

  async savePolicy(auth: AuthContext, input: { companyId: string; requireApprovedTemplates: boolean }) {
    await this.policyOf(auth, input.companyId);
    await this.repo.savePolicy(input.companyId, input.requireApprovedTemplates, auth.user.id);
    await this.changed();
    return input;
  }

  /** Whether a company's marketing and notification texts must come from passed templates. */
  requiresApprovedTemplates(companyId: string): Promise<boolean> {
    return this.repo.policy(companyId);
  }

  // --- the SMS pipeline's check ---

  /**
   * At acceptance (the sms module, for the console, the HTTP API and SMPP alike):
   * - a sender id given must be a passed sender id of the company (case does not matter), else
   *   SENDER_NOT_APPROVED;
   * - for marketing and notification, when the company's policy requires it, the text must come
   *   from a passed template of the company whose kinds include the kind. With `templateId` that
   *   template (TEMPLATE_NOT_APPROVED when it is not the company's, not passed or not for the
   *   kind; TEMPLATE_TEXT_MISMATCH when the text does not match it); without, any of them
   *   (TEMPLATE_REQUIRED when none matches). "Match" is `matchesTemplate` (contracts): the
   *   template's literal text in order, each `{variable}` standing for any non-empty text.
   * Answers the error code, or null when the send may go ahead. OTP kinds are never held to
   * templates (only to the sender rule).
   */
  async checkSend(input: SendCheckInput): Promise<SmsSendCheckError | null> {
    const sender = input.sender?.trim();
    const { companyId } = input;
    if (sender) {
      const status = await this.senderStatuses.getOrLoad(
        `${companyId}|${sender}`,
        async () => (await this.repo.senderOf(companyId, sender))?.status ?? null,
        // An unknown sender is not kept (anyone may send any source address).
        (status) => status !== null,
      );
      if (status !== 'passed') return 'SENDER_NOT_APPROVED';
    }
    // A template named by the send is the company's own whatever the policy and kind: another
    // company's id is answered as an unknown one (issue 21), and is never stored with a message.
    const template = input.templateId
      ? UUID.test(input.templateId)
        ? await this.repo.template(input.templateId)
        : undefined
      : null;
    if (template !== null && template?.companyId !== companyId) return 'TEMPLATE_NOT_APPROVED';
    if (!isTemplatePolicyKind(input.kind)) return null;
    if (!(await this.policies.getOrLoad(companyId, () => this.repo.policy(companyId)))) return null;
    if (template) {
      if (template.status !== 'passed' || !template.kinds.includes(input.kind))
        return 'TEMPLATE_NOT_APPROVED';
      return matchesTemplate(template.text, input.text) ? null : 'TEMPLATE_TEXT_MISMATCH';
    }
    const passed = await this.passed.getOrLoad(`${companyId}|${input.kind}`, () =>
      this.repo.passedTemplates(companyId, input.kind),
    );
    return passed.some((t) => matchesTemplate(t.text, input.text)) ? null : 'TEMPLATE_REQUIRED';
  }
}
