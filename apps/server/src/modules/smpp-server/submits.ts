import { randomUUID } from 'node:crypto';
import type { SmsKind } from '@switchboard/contracts';
import { COMMAND_STATUS, type ConcatInfo, isTextCoding, readContent, TokenBucket } from '@switchboard/smpp';
import type { Pdu } from 'smpp';
import { AppError } from '../../platform/envelope';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import type { AcceptWriter } from '../sms';
import type { SmppAccountRow, SmppMessageValues } from './repo';
import type { SmppServerService } from './service';
import { kindOfServiceType } from './service-type';

/** Parts of a concatenated message wait this long for the rest, then are dropped. */
const CONCAT_WAIT_MS = 120_000;

/** One submit_sm (or a whole multi-part message) as accepted. */
interface SmppSubmit {
  account: SmppAccountRow;
  /** The account's kind, or the one the submit's service_type asks for. */
  kind: SmsKind;
  source: string;
  destination: string;
  text: string;
  registeredDelivery: number;
  /** The id already answered for the parts of a multi-part message (null: the message's id). */
  smppId: string | null;
}

interface Concat {
  smppId: string;
  accountId: string;
  total: number;
  parts: Map<number, string>;
  registeredDelivery: number;
  firstAt: number;
}

/** The answer to a submit_sm: its command_status and, when taken, the message id. */
export interface SubmitAnswer {
  status: number;
  id: string | null;
}

const concatKey = (account: SmppAccountRow, source: string, destination: string, concat: ConcatInfo) =>
  `${account.id}|${source}|${destination}|${concat.ref}|${concat.total}`;

/**
 * The submits of the customer SMPP server's binds: each account's TPS limit, the content
 * checked, the parts of a concatenated message gathered, and the whole message handed to the SMS
 * pipeline (source `smpp`) with the record of the submit.
 */
export class SmppSubmits {
  private readonly buckets = new Map<string, { tps: number; bucket: TokenBucket }>();
  private readonly concat = new Map<string, Concat>();

  constructor(
    private readonly service: SmppServerService,
    private readonly services: Pick<Services, 'sms'>,
    private readonly log: Logger,
  ) {}

  /** A submit_sm of a bound account (its bind checked): the answer it gets. */
  async take(account: SmppAccountRow, pdu: Pdu): Promise<SubmitAnswer> {
    if (!this.withinRate(account)) return { status: COMMAND_STATUS.ESME_RTHROTTLED, id: null };
    const dataCoding = Number(pdu.data_coding ?? 0) & 0xff;
    const content = readContent(pdu);
    if (content.binary || !isTextCoding(dataCoding))
      return { status: COMMAND_STATUS.ESME_RSUBMITFAIL, id: null };
    const destination = String(pdu.destination_addr ?? '').trim();
    if (!destination) return { status: COMMAND_STATUS.ESME_RINVDSTADR, id: null };
    const source = String(pdu.source_addr ?? '').trim();
    const registeredDelivery = Number(pdu.registered_delivery ?? 0) & 0xff;
    const kind = kindOfServiceType(pdu.service_type, account.kind);
    const submit = {
      account,
      kind,
      source,
      destination,
      text: content.text,
      registeredDelivery,
      smppId: null,
    };
    if (!content.concat || content.concat.total <= 1) return this.acceptSubmit(submit);
    const whole = this.collect(
      account,
      source,
      destination,
      content.concat,
      content.text,
      registeredDelivery,
    );
    if (!whole) {
      // A part of a message still incomplete: answered at once with the message's id.
      const entry = this.concat.get(concatKey(account, source, destination, content.concat))!;
      return { status: COMMAND_STATUS.ESME_ROK, id: entry.smppId };
    }
    // The parts were answered with this id already: its receipt is owed whatever happens now.
    const { status } = await this.acceptSubmit({ ...submit, ...whole });
    return { status, id: status === COMMAND_STATUS.ESME_ROK ? whole.smppId : null };
  }

  /** Parts of concatenated messages that waited too long for the rest: dropped. */
  dropIncomplete(now = Date.now()): void {
    for (const [key, entry] of this.concat) {
      if (now - entry.firstAt > CONCAT_WAIT_MS) {
        this.concat.delete(key);
        this.log.warn(
          { smppId: entry.smppId, parts: entry.parts.size, total: entry.total },
          'SMPP concatenated message incomplete, dropped',
        );
      }
    }
  }

  /** The account's TPS limit (its bucket made again when the limit changed). */
  private withinRate(account: SmppAccountRow): boolean {
    let entry = this.buckets.get(account.id);
    if (!entry || entry.tps !== account.tpsLimit) {
      entry = {
        tps: account.tpsLimit,
        bucket: new TokenBucket(account.tpsLimit, account.tpsLimit, Date.now),
      };
      this.buckets.set(account.id, entry);
    }
    return entry.bucket.take();
  }

  /** Adds a part; answers the whole message once every part is there. */
  private collect(
    account: SmppAccountRow,
    source: string,
    destination: string,
    concat: ConcatInfo,
    text: string,
    registeredDelivery: number,
  ): { smppId: string; text: string; registeredDelivery: number } | undefined {
    const key = concatKey(account, source, destination, concat);
    let entry = this.concat.get(key);
    if (!entry) {
      entry = {
        smppId: randomUUID(),
        accountId: account.id,
        total: concat.total,
        parts: new Map(),
        registeredDelivery,
        firstAt: Date.now(),
      };
      this.concat.set(key, entry);
    }
    entry.parts.set(concat.seq, text);
    entry.registeredDelivery |= registeredDelivery;
    if (entry.parts.size < entry.total) return undefined;
    this.concat.delete(key);
    const joined = [...entry.parts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, part]) => part)
      .join('');
    return { smppId: entry.smppId, text: joined, registeredDelivery: entry.registeredDelivery };
  }

  /**
   * The SMS pipeline's accept (source `smpp`) with the record of the submit written in its
   * transaction (`submitWriter`): the final-status listeners (receipts) run after it committed,
   * when the record is there. Submits arriving together share one transaction.
   */
  private async acceptSubmit(submit: SmppSubmit): Promise<{ status: number; id: string | null }> {
    const { account } = submit;
    try {
      const result = await this.services.sms.accept(
        {
          companyId: account.companyId,
          userId: null,
          kind: submit.kind,
          source: 'smpp',
          recipients: [{ number: submit.destination }],
          text: submit.text,
          sender: submit.source || null,
        },
        this.submitWriter,
        submit,
      );
      const message = result.messages[0]!;
      if (message.status === 'accepted' && message.id !== null) {
        return { status: COMMAND_STATUS.ESME_ROK, id: submit.smppId ?? message.id };
      }
      if (message.status === 'invalid_number') return { status: COMMAND_STATUS.ESME_RINVDSTADR, id: null };
      return { status: COMMAND_STATUS.ESME_RSUBMITFAIL, id: null };
    } catch (error) {
      if (error instanceof AppError) {
        const sender = ['SENDER_NOT_APPROVED', 'SENDER_INVALID'].includes(error.errorCode);
        return {
          status: sender ? COMMAND_STATUS.ESME_RINVSRCADR : COMMAND_STATUS.ESME_RSUBMITFAIL,
          id: null,
        };
      }
      this.log.error({ err: error, systemId: account.systemId }, 'SMPP submit failed');
      return { status: COMMAND_STATUS.ESME_RSYSERR, id: null };
    }
  }

  /**
   * Records the submits of a group of acceptances (see acceptSubmit): an accepted message, and a
   * refused one whose id was already given to the client (a multi-part message: its receipt is
   * owed whatever happens).
   */
  private readonly submitWriter: AcceptWriter<SmppSubmit> = {
    write: async (accepted) => {
      const rows: SmppMessageValues[] = [];
      const now = new Date();
      for (const { result, data } of accepted) {
        const message = result.messages[0]!;
        const ok = message.status === 'accepted';
        if (message.id === null || !(ok || data.smppId !== null)) continue;
        rows.push({
          smppId: data.smppId ?? message.id,
          messageId: message.id,
          accountId: data.account.id,
          sourceAddr: data.source.slice(0, 21),
          destAddr: data.destination.slice(0, 21),
          registeredDelivery: data.registeredDelivery,
          excerpt: Array.from(data.text).slice(0, 20).join(''),
          submittedAt: now,
        });
      }
      await this.service.recordSubmits(rows);
    },
  };
}
