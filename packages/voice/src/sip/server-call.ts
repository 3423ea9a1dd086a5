/**
 * An inbound call (UAS dialog): ring, answer (the 2xx retransmitted at T1 doubling to T2 until the
 * ACK, given up with a BYE after 64*T1), reject, CANCEL from the caller (200, then 487), BYE both
 * ways with our own CSeq.
 */
import { EventEmitter } from 'node:events';
import type { EndInfo } from './client-call';
import { REASONS, type StackCall, type StackCore } from './core';
import { newTag, parseNameAddr, parseUri } from './fields';
import { bodyText, SipHeaders, type SipRequest, type SipResponse, textBody } from './message';
import { CallTrace } from './trace';
import { makeResponse, type ServerTransaction } from './transaction';
import type { Peer } from './transport';

interface ServerCallEvents {
  /** The ACK of our 2xx came: media may flow both ways. */
  confirmed: [];
  ended: [info: EndInfo];
}

export class ServerCall extends EventEmitter<ServerCallEvents> implements StackCall {
  readonly callId: string;
  readonly trace = new CallTrace();
  readonly localTag = newTag();
  state: 'ringing' | 'answered' | 'confirmed' | 'ended' = 'ringing';
  endInfo?: EndInfo;
  readonly done: Promise<EndInfo>;
  private resolveDone!: (info: EndInfo) => void;
  private okResponse?: SipResponse;
  private retransmit?: NodeJS.Timeout;
  private giveUp?: NodeJS.Timeout;
  private cseq = Math.floor(Math.random() * 10_000) + 1;

  constructor(
    private readonly stack: StackCore,
    readonly request: SipRequest,
    readonly source: Peer,
    private readonly tx: ServerTransaction,
  ) {
    super();
    this.callId = request.headers.get('call-id')!;
    this.done = new Promise((r) => {
      this.resolveDone = r;
    });
  }

  /** The called number: the user part of the request URI. */
  get to(): string {
    try {
      return parseUri(this.request.uri).user ?? '';
    } catch {
      return '';
    }
  }
  /** The calling number: the user part of From. */
  get from(): string {
    try {
      return parseUri(parseNameAddr(this.request.headers.get('from') ?? '').uri).user ?? '';
    } catch {
      return '';
    }
  }
  get displayName(): string | undefined {
    return parseNameAddr(this.request.headers.get('from') ?? '').displayName;
  }
  get remoteSdp(): string {
    return bodyText(this.request.body);
  }

  private response(status: number, sdp?: string): SipResponse {
    const res = makeResponse(this.request, status, REASONS[status] ?? 'Unknown', this.localTag);
    res.headers.set('user-agent', this.stack.config.userAgent);
    if (status < 300 && status > 100)
      res.headers.set('contact', this.stack.contact(this.to || 'sim', this.source.transport));
    if (sdp !== undefined) {
      res.headers.set('content-type', 'application/sdp');
      res.body = textBody(sdp);
    }
    return res;
  }

  ring(code = 180, sdp?: string): void {
    if (this.state !== 'ringing') return;
    this.tx.respond(this.response(code, sdp));
  }

  answer(sdp: string): void {
    if (this.state !== 'ringing') return;
    this.state = 'answered';
    this.okResponse = this.response(200, sdp);
    this.tx.respond(this.okResponse);
    const t = this.stack.timers;
    if (!this.stack.transportFor(this.source.transport).reliable) {
      const again = (interval: number) => {
        this.retransmit = setTimeout(() => {
          if (this.state !== 'answered' || !this.okResponse) return;
          this.stack.sendRaw(this.okResponse, this.source, this.trace);
          again(Math.min(interval * 2, t.t2));
        }, interval);
      };
      again(t.t1);
    }
    this.giveUp = setTimeout(() => {
      if (this.state === 'answered') this.hangup();
    }, 64 * t.t1);
  }

  reject(code: number, headers: Record<string, string> = {}): void {
    if (this.state !== 'ringing') return;
    const res = this.response(code);
    for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
    this.tx.respond(res);
    this.end({ cause: 'failed', sipCode: code, by: 'us' });
  }

  onAck(req: SipRequest): void {
    if (this.state !== 'answered') return;
    void req;
    this.clearTimers();
    this.state = 'confirmed';
    this.emit('confirmed');
  }

  onStrayResponse(): void {}

  onRequest(req: SipRequest, _from: Peer, tx: ServerTransaction): void {
    if (req.method === 'CANCEL') {
      // The stack answered the CANCEL; `tx` is the INVITE's transaction.
      if (this.state === 'ringing') {
        tx.respond(this.response(487));
        this.end({ cause: 'cancelled', sipCode: 487, by: 'remote' });
      }
      return;
    }
    if (req.method === 'BYE') {
      const res = makeResponse(req, 200, 'OK');
      this.attachEndBody(res);
      tx.respond(res);
      this.end({ cause: 'normal', by: 'remote' });
      return;
    }
    if (req.method === 'INVITE') {
      const sameInvite = req.headers.get('cseq') === this.request.headers.get('cseq');
      if (sameInvite) return; // a retransmission after our 2xx: the 2xx timer answers it
      const res = makeResponse(req, 200, 'OK');
      res.headers.set('contact', this.stack.contact(this.to || 'sim', this.source.transport));
      if (this.okResponse) {
        res.headers.set('content-type', 'application/sdp');
        res.body = this.okResponse.body;
      }
      tx.respond(res);
      return;
    }
    tx.respond(
      makeResponse(
        req,
        req.method === 'OPTIONS' ? 200 : 405,
        req.method === 'OPTIONS' ? 'OK' : 'Method Not Allowed',
      ),
    );
  }

  /**
   * A body for the end of an answered call (the BYE we send, or our 200 to the caller's): what
   * the callee received (`CALLEE_REPORT_TYPE`), as the carrier simulator reports it.
   */
  endBody?: () => { contentType: string; body: string } | undefined;

  private attachEndBody(msg: SipRequest | SipResponse): void {
    const end = this.endBody?.();
    if (!end) return;
    msg.headers.set('content-type', end.contentType);
    msg.body = textBody(end.body);
  }

  /** Ends the call: BYE when answered, 480 while ringing. */
  hangup(): void {
    if (this.state === 'ringing') {
      this.reject(480);
      return;
    }
    if (this.state === 'ended') return;
    this.clearTimers();
    const h = new SipHeaders();
    h.set('via', this.stack.newVia(this.source.transport));
    h.set('max-forwards', '70');
    for (const r of this.request.headers.getAll('record-route')) h.append('route', r);
    h.set('from', this.okResponse!.headers.get('to')!);
    h.set('to', this.request.headers.get('from')!);
    h.set('call-id', this.callId);
    h.set('cseq', `${++this.cseq} BYE`);
    h.set('user-agent', this.stack.config.userAgent);
    const contact = this.request.headers.get('contact');
    const uri = contact ? parseNameAddr(contact).uri : parseNameAddr(this.request.headers.get('from')!).uri;
    const bye: SipRequest = { kind: 'request', method: 'BYE', uri, headers: h, body: new Uint8Array(0) };
    this.attachEndBody(bye);
    const info: EndInfo = { cause: 'normal', by: 'us' };
    this.stack.sendRequest(
      bye,
      this.source,
      { onResponse: (res) => res.status >= 200 && this.end(info), onTimeout: () => this.end(info) },
      this.trace,
    );
    this.state = 'ended';
    this.endInfo = info;
  }

  private clearTimers(): void {
    if (this.retransmit) clearTimeout(this.retransmit);
    if (this.giveUp) clearTimeout(this.giveUp);
  }

  private emitted = false;
  private end(info: EndInfo): void {
    this.clearTimers();
    this.state = 'ended';
    this.endInfo ??= info;
    this.stack.forget(this.callId);
    if (this.emitted) return;
    this.emitted = true;
    this.emit('ended', this.endInfo);
    this.resolveDone(this.endInfo);
  }
}
