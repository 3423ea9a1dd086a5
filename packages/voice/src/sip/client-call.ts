/**
 * An outbound call (UAC dialog): INVITE with digest retry, progress, ACK of the 2xx (again for
 * each retransmitted 2xx), CANCEL reusing the INVITE's Via (sent once a provisional came, as RFC
 * 3261 9.1 asks), ring time-out, BYE with the next CSeq, and the remote's BYE.
 */
import { EventEmitter } from 'node:events';
import { ALLOW, challengeOf, type StackCall, type StackCore, type Target } from './core';
import { authorize, type Credentials, parseChallenge } from './digest';
import { formatNameAddr, newCallId, newTag, parseNameAddr, parseUri } from './fields';
import { bodyText, SipHeaders, type SipRequest, type SipResponse, textBody } from './message';
import { CallTrace } from './trace';
import { makeResponse, type ServerTransaction } from './transaction';
import { DEFAULT_SIP_PORT, type Peer } from './transport';

export type EndCause =
  | 'normal'
  | 'busy'
  | 'no_answer'
  | 'rejected'
  | 'invalid_number'
  | 'cancelled'
  | 'failed';

export interface EndInfo {
  cause: EndCause;
  sipCode?: number;
  by: 'us' | 'remote';
}

export interface InviteOptions {
  /** The called number or user part. */
  to: string;
  /** The calling number (caller ID). */
  from: string;
  displayName?: string;
  target: Target;
  auth?: Credentials;
  sdp: string;
  ringTimeoutMs: number;
  headers?: Record<string, string>;
}

/** How a final failure response maps to an end cause. */
export function causeOfStatus(status: number): EndCause {
  if (status === 486 || status === 600) return 'busy';
  if (status === 480 || status === 408 || status === 487) return 'no_answer';
  if (status === 603 || status === 403) return 'rejected';
  if (status === 404 || status === 484 || status === 604 || status === 410) return 'invalid_number';
  return 'failed';
}

interface ClientCallEvents {
  progress: [code: number, sdp: string | undefined];
  answered: [sdp: string];
  ended: [info: EndInfo];
}

export class ClientCall extends EventEmitter<ClientCallEvents> implements StackCall {
  readonly callId: string;
  readonly trace = new CallTrace();
  state: 'calling' | 'proceeding' | 'answered' | 'ended' = 'calling';
  remoteSdp?: string;
  endInfo?: EndInfo;
  /**
   * The body the callee sent with the end of the answered call (its BYE, or its 2xx to ours), if
   * any: a callee report (`CALLEE_REPORT_TYPE`) from the carrier simulator, say.
   */
  endBody?: { contentType: string; body: string };
  /** Resolves when the call ends, however it ends. */
  readonly done: Promise<EndInfo>;
  private resolveDone!: (info: EndInfo) => void;
  private invite!: SipRequest;
  private readonly fromTag = newTag();
  private remoteTag?: string;
  private remoteTarget?: string;
  private routeSet: string[] = [];
  private cseq = 1;
  private ack?: SipRequest;
  private cancelWanted?: EndCause;
  private cancelSent = false;
  private ringTimer?: NodeJS.Timeout;
  private authTried = false;

  constructor(
    private readonly stack: StackCore,
    private readonly opts: InviteOptions,
  ) {
    super();
    this.callId = newCallId(stack.address);
    this.done = new Promise((r) => {
      this.resolveDone = r;
    });
    this.on('error', () => {});
  }

  /** Resolves with the remote SDP when answered; rejects with the end info otherwise. */
  answered(): Promise<string> {
    if (this.state === 'answered' && this.remoteSdp !== undefined) return Promise.resolve(this.remoteSdp);
    if (this.endInfo) return Promise.reject(this.endInfo);
    return new Promise((resolve, reject) => {
      this.once('answered', resolve);
      this.once('ended', reject);
    });
  }

  private get requestUri(): string {
    const t = this.opts.target;
    const tp = t.transport === 'udp' ? '' : `;transport=${t.transport}`;
    return `sip:${encodeURIComponent(this.opts.to).replace(/%2B/g, '+')}@${t.host}:${t.port}${tp}`;
  }

  start(): void {
    this.invite = this.buildInvite();
    this.send(this.invite);
    this.ringTimer = setTimeout(() => {
      if (this.state === 'calling' || this.state === 'proceeding') this.cancelWith('no_answer');
    }, this.opts.ringTimeoutMs);
  }

  private buildInvite(authHeader?: [string, string]): SipRequest {
    const s = this.stack;
    const t = this.opts.target.transport;
    const h = new SipHeaders();
    h.set('via', s.newVia(t));
    h.set('max-forwards', '70');
    const fromUri = `sip:${encodeURIComponent(this.opts.from).replace(/%2B/g, '+')}@${s.address}`;
    const from: { uri: string; params: Record<string, string>; displayName?: string } = {
      uri: fromUri,
      params: { tag: this.fromTag },
    };
    if (this.opts.displayName) from.displayName = this.opts.displayName;
    h.set('from', formatNameAddr(from));
    h.set('to', formatNameAddr({ uri: this.requestUri.replace(/;transport=\w+$/, ''), params: {} }));
    h.set('call-id', this.callId);
    h.set('cseq', `${this.cseq} INVITE`);
    h.set('contact', s.contact(this.opts.from, t));
    h.set('allow', ALLOW);
    h.set('user-agent', s.config.userAgent);
    for (const [k, v] of Object.entries(this.opts.headers ?? {})) h.set(k, v);
    if (authHeader) h.set(authHeader[0], authHeader[1]);
    h.set('content-type', 'application/sdp');
    return {
      kind: 'request',
      method: 'INVITE',
      uri: this.requestUri,
      headers: h,
      body: textBody(this.opts.sdp),
    };
  }

  private send(req: SipRequest): void {
    this.stack.sendRequest(
      req,
      this.opts.target,
      {
        onResponse: (res) => this.onInviteResponse(req, res),
        onTimeout: () =>
          this.end({
            cause: this.cancelWanted ?? 'failed',
            sipCode: 408,
            by: this.cancelWanted ? 'us' : 'remote',
          }),
        // Not reachable (TCP refused, no route): a 503, as a proxy would answer.
        onTransportError: () => this.end({ cause: 'failed', sipCode: 503, by: 'remote' }),
      },
      this.trace,
    );
  }

  private onInviteResponse(req: SipRequest, res: SipResponse): void {
    if (req !== this.invite || this.state === 'ended') return;
    if (res.status < 200) {
      this.state = 'proceeding';
      if (this.cancelWanted && !this.cancelSent) this.sendCancel();
      if (res.status > 100)
        this.emit('progress', res.status, res.body.length ? bodyText(res.body) : undefined);
      return;
    }
    if (res.status < 300) {
      this.confirm(res);
      return;
    }
    const challenge = challengeOf(res);
    if (challenge && this.opts.auth && !this.authTried && !this.cancelWanted) {
      this.authTried = true;
      this.cseq++;
      let value: string;
      try {
        value = authorize(parseChallenge(challenge.value), this.opts.auth, 'INVITE', this.requestUri);
      } catch {
        this.end({ cause: 'failed', sipCode: res.status, by: 'remote' });
        return;
      }
      this.invite = this.buildInvite([challenge.header, value]);
      this.state = 'calling';
      this.send(this.invite);
      return;
    }
    const cause = this.cancelWanted ?? causeOfStatus(res.status);
    this.end({ cause, sipCode: res.status, by: this.cancelWanted ? 'us' : 'remote' });
  }

  private confirm(res: SipResponse): void {
    this.remoteTag = parseNameAddr(res.headers.get('to') ?? '').params.tag as string | undefined;
    const contact = res.headers.get('contact');
    this.remoteTarget = contact ? parseNameAddr(contact).uri : this.invite.uri;
    this.routeSet = res.headers.getAll('record-route').reverse();
    this.ack = this.inDialog('ACK', this.cseq);
    this.stack.sendRaw(this.ack, this.nextHop(), this.trace);
    if (this.cancelWanted) {
      // The 2xx crossed our CANCEL: the call is up, so end it with a BYE.
      this.state = 'answered';
      this.bye(this.cancelWanted);
      return;
    }
    this.state = 'answered';
    if (this.ringTimer) clearTimeout(this.ringTimer);
    this.remoteSdp = bodyText(res.body);
    this.emit('answered', this.remoteSdp);
  }

  /** Where in-dialog requests go: the first route or the remote target, over the call's transport. */
  private nextHop(): Peer {
    const uri = this.routeSet[0] ? parseNameAddr(this.routeSet[0]).uri : this.remoteTarget;
    try {
      const u = parseUri(uri ?? '');
      const t = this.opts.target;
      return { ...t, host: u.host, port: u.port ?? DEFAULT_SIP_PORT[t.transport] };
    } catch {
      return this.opts.target;
    }
  }

  private inDialog(method: string, seq: number): SipRequest {
    const h = new SipHeaders();
    h.set('via', this.stack.newVia(this.opts.target.transport));
    h.set('max-forwards', '70');
    for (const r of this.routeSet) h.append('route', r);
    h.set('from', this.invite.headers.get('from')!);
    h.set('to', `${this.invite.headers.get('to')!}${this.remoteTag ? `;tag=${this.remoteTag}` : ''}`);
    h.set('call-id', this.callId);
    h.set('cseq', `${seq} ${method}`);
    h.set('user-agent', this.stack.config.userAgent);
    return {
      kind: 'request',
      method,
      uri: this.remoteTarget ?? this.invite.uri,
      headers: h,
      body: new Uint8Array(0),
    };
  }

  /** A retransmitted 2xx (our ACK was lost): send the same ACK again. */
  onStrayResponse(res: SipResponse): void {
    if (res.status >= 200 && res.status < 300 && this.ack && res.headers.get('cseq')?.endsWith('INVITE')) {
      this.stack.sendRaw(this.ack, this.nextHop(), this.trace);
    }
  }

  onAck(): void {}

  onRequest(req: SipRequest, from: Peer, tx: ServerTransaction): void {
    if (req.method === 'BYE') {
      this.keepEndBody(req);
      tx.respond(makeResponse(req, 200, 'OK'));
      this.end({ cause: this.state === 'answered' ? 'normal' : 'failed', by: 'remote' });
      return;
    }
    if (req.method === 'INVITE' && this.state === 'answered') {
      // A re-INVITE (session refresh): keep the media as it is.
      const res = makeResponse(req, 200, 'OK');
      res.headers.set('contact', this.stack.contact(this.opts.from, this.opts.target.transport));
      res.headers.set('content-type', 'application/sdp');
      res.body = textBody(this.opts.sdp);
      tx.respond(res);
      return;
    }
    void from;
    tx.respond(
      makeResponse(
        req,
        req.method === 'OPTIONS' ? 200 : 405,
        req.method === 'OPTIONS' ? 'OK' : 'Method Not Allowed',
      ),
    );
  }

  /** Gives up ringing (our CANCEL); the call ends as 'cancelled'. */
  cancel(): void {
    this.cancelWith('cancelled');
  }

  private cancelWith(cause: EndCause): void {
    if (this.state === 'ended' || this.state === 'answered' || this.cancelWanted) return;
    this.cancelWanted = cause;
    if (this.state === 'proceeding') this.sendCancel();
  }

  private sendCancel(): void {
    this.cancelSent = true;
    const h = new SipHeaders();
    h.set('via', this.invite.headers.get('via')!);
    for (const r of this.invite.headers.getAll('route')) h.append('route', r);
    h.set('max-forwards', '70');
    h.set('from', this.invite.headers.get('from')!);
    h.set('to', this.invite.headers.get('to')!);
    h.set('call-id', this.callId);
    h.set('cseq', `${this.cseq} CANCEL`);
    h.set('user-agent', this.stack.config.userAgent);
    const cancel: SipRequest = {
      kind: 'request',
      method: 'CANCEL',
      uri: this.invite.uri,
      headers: h,
      body: new Uint8Array(0),
    };
    this.stack.sendRequest(
      cancel,
      this.opts.target,
      { onResponse: () => {}, onTimeout: () => {} },
      this.trace,
    );
  }

  private keepEndBody(msg: SipRequest | SipResponse): void {
    if (msg.body.length === 0) return;
    this.endBody = { contentType: msg.headers.get('content-type') ?? '', body: bodyText(msg.body) };
  }

  /** Ends the call: BYE when answered, CANCEL while ringing. */
  hangup(): void {
    if (this.state === 'answered') this.bye('normal');
    else this.cancel();
  }

  private bye(cause: EndCause): void {
    this.cseq++;
    const bye = this.inDialog('BYE', this.cseq);
    const info: EndInfo = { cause, by: 'us' };
    this.stack.sendRequest(
      bye,
      this.nextHop(),
      {
        onResponse: (res) => {
          if (res.status < 200) return;
          if (res.status < 300) this.keepEndBody(res);
          this.end(info);
        },
        onTimeout: () => this.end(info),
      },
      this.trace,
    );
    this.state = 'ended';
    this.endInfo = info;
  }

  private end(info: EndInfo): void {
    if (this.ringTimer) clearTimeout(this.ringTimer);
    this.state = 'ended';
    this.endInfo ??= info;
    this.stack.forget(this.callId);
    if (!this.emittedEnd) {
      this.emittedEnd = true;
      this.emit('ended', this.endInfo);
      this.resolveDone(this.endInfo);
    }
  }
  private emittedEnd = false;
}
