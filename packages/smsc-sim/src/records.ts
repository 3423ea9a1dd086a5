import type { ReceiptRecord, SubmittedMessage, SubmittedPart } from './types';

/**
 * What the simulator took and sent, for tests and the console to read: every part accepted,
 * the messages they make up (concatenated parts joined as they arrive) and every receipt
 * written; the oldest dropped beyond `maxRecords` each.
 */
export class SmscRecords {
  /** Every accepted submit_sm, oldest first. */
  readonly parts: SubmittedPart[] = [];
  /** Every message (single or concatenated), oldest first. */
  readonly messages: SubmittedMessage[] = [];
  /** Every receipt written (updated when answered), oldest first. */
  readonly receipts: ReceiptRecord[] = [];
  private readonly openConcat = new Map<string, SubmittedMessage>();
  private readonly byId = new Map<string, SubmittedPart>();

  constructor(private readonly maxRecords: number) {}

  /** Records an accepted part; answers the message it belongs to (complete or not yet). */
  addPart(part: SubmittedPart): SubmittedMessage {
    this.record(part);
    return this.addToMessage(part);
  }

  addReceipt(receipt: ReceiptRecord): void {
    this.receipts.push(receipt);
    this.trim(this.receipts);
  }

  /** The part with this id (as answered in submit_sm_resp). */
  findPart(messageId: string): SubmittedPart | undefined {
    return this.byId.get(messageId);
  }

  /** The receipt written for a part, if one was. */
  receiptOf(messageId: string): ReceiptRecord | undefined {
    return this.receipts.find((r) => r.messageId === messageId);
  }

  private record(part: SubmittedPart): void {
    this.parts.push(part);
    this.byId.set(part.messageId, part);
    if (this.parts.length > this.maxRecords) {
      for (const old of this.parts.splice(0, this.parts.length - this.maxRecords))
        this.byId.delete(old.messageId);
    }
  }

  private trim<T>(list: T[]): void {
    if (list.length > this.maxRecords) list.splice(0, list.length - this.maxRecords);
  }

  private addToMessage(part: SubmittedPart): SubmittedMessage {
    const concat = part.concat;
    if (!concat || concat.total <= 1) {
      const message: SubmittedMessage = {
        systemId: part.systemId,
        source: part.source,
        destination: part.destination,
        dataCoding: part.dataCoding,
        text: part.text,
        parts: [part],
        total: 1,
        complete: true,
        receivedAt: part.receivedAt,
      };
      this.messages.push(message);
      this.trim(this.messages);
      return message;
    }
    const key = [part.systemId, part.source, part.destination, concat.ref, concat.total].join('|');
    let message = this.openConcat.get(key);
    if (!message) {
      message = {
        systemId: part.systemId,
        source: part.source,
        destination: part.destination,
        dataCoding: part.dataCoding,
        text: '',
        parts: [],
        total: concat.total,
        complete: false,
        receivedAt: part.receivedAt,
      };
      this.openConcat.set(key, message);
      this.messages.push(message);
      this.trim(this.messages);
    }
    message.parts.push(part);
    message.parts.sort((a, b) => (a.concat?.seq ?? 0) - (b.concat?.seq ?? 0));
    message.text = message.parts.map((p) => p.text).join('');
    const seqs = new Set(message.parts.map((p) => p.concat?.seq));
    if (seqs.size >= message.total) {
      message.complete = true;
      this.openConcat.delete(key);
    }
    return message;
  }
}
