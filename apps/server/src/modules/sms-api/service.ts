import { createHash } from 'node:crypto';
import {
  apiKindOf,
  formatMoney,
  IDEMPOTENCY_TTL_HOURS,
  parseMoney,
  SMS_API_KIND_OF,
  type SmsKind,
  type SmsStatus,
  type smsApiSendSchema,
} from '@switchboard/contracts';
import type { z } from 'zod';
import { type Db, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { SmsApiRepo } from './repo';

export interface ApiSendOutcome {
  batchId: string;
  messages: {
    id: string | null;
    to: string;
    parts: number;
    price: bigint;
    status: SmsStatus;
    errorCode: string | null;
  }[];
}

interface StoredOutcome {
  batchId: string;
  messages: (Omit<ApiSendOutcome['messages'][number], 'price'> & { price: string })[];
}

const TTL_MS = IDEMPOTENCY_TTL_HOURS * 3_600_000;

/** JSON with object keys sorted, so that `{"a":1,"b":2}` and `{"b":2,"a":1}` are the same body. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const requestHashOf = (method: string, path: string, body: unknown) =>
  createHash('sha256')
    .update(`${method}\n${path}\n${canonicalJson(body)}`)
    .digest('hex');

/**
 * The customer HTTP API's sends: the SMS pipeline's `accept` with source `api`, and the
 * `Idempotency-Key` rule (the same key and body answer the stored answer; another body is
 * refused; keys live 24 hours).
 */
export class SmsApiService {
  readonly repo: SmsApiRepo;

  constructor(
    private readonly db: Db,
    private readonly services: Pick<Services, 'ledger' | 'sms'>,
    private readonly log: Logger,
  ) {
    this.repo = new SmsApiRepo(db);
  }

  private async accept(companyId: string, input: z.output<typeof smsApiSendSchema>): Promise<ApiSendOutcome> {
    const numbers = Array.isArray(input.to) ? input.to : [input.to];
    const result = await this.services.sms.accept({
      companyId,
      userId: null,
      kind: SMS_API_KIND_OF[input.kind],
      source: 'api',
      recipients: numbers.map((number) => ({ number, clientRef: input.clientRef ?? null })),
      text: input.text,
      sender: input.from ?? null,
      scheduledAt: input.scheduledAt ?? null,
    });
    return {
      batchId: result.batchId,
      messages: result.messages.map((m) => ({
        id: m.id,
        to: m.to,
        parts: m.parts,
        price: m.price,
        status: m.status,
        errorCode: m.reason,
      })),
    };
  }

  /**
   * `POST /sms`. With an idempotency key the key is taken, the send accepted and its answer
   * stored in one transaction: a second request with the key waits for the first (PostgreSQL's
   * unique index) and then reads its answer.
   */
  async send(
    companyId: string,
    input: z.output<typeof smsApiSendSchema>,
    idempotency?: { key: string; requestHash: string },
  ): Promise<{ outcome: ApiSendOutcome; replayed: boolean }> {
    if (!idempotency) return { outcome: await this.accept(companyId, input), replayed: false };
    const { key, requestHash } = idempotency;
    return withTransaction(
      this.db,
      async () => {
        if (!(await this.repo.claim(companyId, key, requestHash))) {
          const row = await this.repo.find(companyId, key);
          const expired = !row || row.createdAt.getTime() < Date.now() - TTL_MS || row.response === null;
          if (!expired) {
            if (row.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED', 409);
            return { outcome: fromStored(JSON.parse(row.response!) as StoredOutcome), replayed: true };
          }
          await this.repo.remove(companyId, key);
          await this.repo.claim(companyId, key, requestHash);
        }
        const outcome = await this.accept(companyId, input);
        await this.repo.answer(companyId, key, 200, JSON.stringify(toStored(outcome)));
        return { outcome, replayed: false };
      },
      this.log,
    );
  }

  /** `GET /sms/{id}`: one of the company's messages (undefined: none such, or another's). */
  async message(companyId: string, id: string) {
    const row = await this.services.sms.get(companyId, id);
    if (!row) return undefined;
    return {
      id: row.id,
      to: row.toNumber,
      kind: apiKindOf(row.kind as SmsKind),
      status: row.status as SmsStatus,
      parts: row.parts,
      price: row.price,
      errorCode: row.errorCode,
      submittedAt: row.createdAt,
      doneAt: row.doneAt,
      clientRef: row.clientRef,
    };
  }

  async balance(companyId: string) {
    const b = await this.services.ledger.balanceOf(companyId);
    return {
      balance: b.balance,
      creditLimit: b.creditLimit,
      available: b.balance + b.creditLimit,
      currency: b.currency,
    };
  }

  /** Forgets idempotency keys older than 24 hours. */
  async purge(now = new Date()): Promise<{ keys: number }> {
    return { keys: await this.repo.purge(new Date(now.getTime() - TTL_MS)) };
  }
}

function toStored(outcome: ApiSendOutcome): StoredOutcome {
  return {
    batchId: outcome.batchId,
    messages: outcome.messages.map((m) => ({ ...m, price: formatMoney(m.price) })),
  };
}

function fromStored(stored: StoredOutcome): ApiSendOutcome {
  return {
    batchId: stored.batchId,
    messages: stored.messages.map((m) => ({ ...m, price: parseMoney(m.price) ?? 0n })),
  };
}
