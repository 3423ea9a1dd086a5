import type { SmsEncoding, SmsKind, smsSendInputSchema } from '@switchboard/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { type Db, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import type { SmsAcceptance } from './acceptance';
import type { RecipientAnalysis } from './analyse';
import type { SmsFinals } from './finals';
import type { SmsRefunds } from './refunds';
import type { SmsRepos } from './repo';
import type { AcceptInput } from './types';

type SendInput = z.output<typeof smsSendInputSchema>;

/** A cancel is refused this close to the scheduled time (the dispatchers may be taking it). */
const CANCEL_MARGIN_MS = 5_000;

/** The console's sends: preview, send (now or scheduled) and cancel of a scheduled batch. */
export class SmsSends {
  constructor(
    private readonly db: Db,
    private readonly repos: Pick<SmsRepos, 'queue' | 'records'>,
    private readonly services: Pick<Services, 'ledger' | 'companies'>,
    private readonly acceptance: SmsAcceptance,
    private readonly analysis: RecipientAnalysis,
    private readonly refunds: SmsRefunds,
    private readonly finals: SmsFinals,
    private readonly log: Logger,
  ) {}

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
    const analysed = await this.analysis.analyse(accept, accept.scheduledAt ?? new Date());
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
      // A recipient without a price leaves the whole cost unknown: no claim that the balance
      // covers it (but not enough for the priced ones is still said).
      covered:
        b.balance + b.creditLimit < amount
          ? false
          : analysed.some((a) => a.reason === 'RATE_NOT_FOUND')
            ? null
            : true,
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
    const result = await this.acceptance.accept({ ...this.acceptInputOf(auth, kind, input), companyId });
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
    const batch = await this.repos.records.findBatch(id);
    if (!batch || batch.kind !== kind) throw new AppError('NOT_FOUND', 404);
    await this.services.companies.objectInScope(auth, batch);
    return withTransaction(
      this.db,
      async () => {
        const locked = await this.repos.records.lockCancellable(id, CANCEL_MARGIN_MS);
        if (!locked) throw new AppError('SMS_BATCH_NOT_CANCELLABLE', 409);
        const waiting = await this.repos.records.waitingOfBatch(id, batch.createdAt);
        const failed = await this.repos.queue.fail(
          waiting.map((w) => ({ ...w, errorCode: 'CANCELLED' })),
          ['accepted'],
        );
        await this.refunds.refund(failed);
        await this.finals.finalised(failed);
        return { cancelled: failed.length };
      },
      this.log,
    );
  }
}
