/**
 * The SIP stack: transports, the transaction layer and dispatch to calls (dialogs), handlers of
 * out-of-dialog requests (OPTIONS, REGISTER) and registrations. `createSipStack()` is the entry.
 */
import { ClientCall, type InviteOptions } from './client-call';
import {
  ALLOW,
  challengeOf,
  REASONS,
  type RequestHandler,
  type RequestOptions,
  type SipStackOptions,
  type StackCall,
  type StackCore,
  type Target,
} from './core';
import { authorize, parseChallenge } from './digest';
import { formatVia, newBranch, newCallId, newTag, parseCSeq, tagOf } from './fields';
import { SipHeaders, type SipMessage, type SipRequest, type SipResponse } from './message';
import { type RegisterOptions, Registration } from './registration';
import { ServerCall } from './server-call';
import type { CallTrace } from './trace';
import {
  ClientTransaction,
  DEFAULT_TIMERS,
  makeResponse,
  ServerTransaction,
  type Timers,
  transactionKey,
} from './transaction';
import { openTcp, openTls, openUdp, type Peer, type Transport, type TransportName } from './transport';

export class SipStack implements StackCore {
  readonly timers: Timers;
  readonly address: string;
  private readonly transports = new Map<TransportName, Transport>();
  private readonly clientTx = new Map<string, ClientTransaction>();
  private readonly serverTx = new Map<string, { tx: ServerTransaction; from: Peer }>();
  private readonly calls = new Map<string, StackCall>();
  private readonly handlers = new Map<string, RequestHandler>();
  private inviteListener?: (call: ServerCall) => void;

  constructor(readonly config: SipStackOptions) {
    this.timers = { ...DEFAULT_TIMERS, ...config.timers };
    this.address = config.publicAddress ?? config.host;
  }

  /** @internal */
  async open(): Promise<void> {
    let port = this.config.port;
    for (const name of this.config.transports) {
      const opts = {
        host: this.config.host,
        port,
        onMessage: (msg: SipMessage, from: Peer) => this.receive(msg, from),
        onError: (err: Error, from?: Peer) =>
          this.log(`transport ${name} ${from ? `${from.host}:${from.port}` : ''}: ${err.message}`),
      };
      if (name === 'tls') {
        // Its own port (TLS cannot share TCP's); 0 when it only connects out.
        const tls = this.config.tls;
        this.transports.set(name, await openTls(tls ? { ...opts, tls } : opts));
        continue;
      }
      const t = name === 'udp' ? await openUdp(opts) : await openTcp(opts);
      this.transports.set(name, t);
      port = t.port;
    }
  }

  port(transport: TransportName = this.config.transports[0]!): number {
    const t = this.transports.get(transport);
    if (!t) throw new Error(`transport ${transport} is not open`);
    return t.port;
  }

  log(line: string): void {
    this.config.log?.(line);
  }

  transportFor(name: TransportName): Transport {
    const t = this.transports.get(name);
    if (!t) throw new Error(`transport ${name} is not open on this stack`);
    return t;
  }

  newVia(transport: TransportName): string {
    const port = this.port(transport);
    return formatVia({
      transport: transport.toUpperCase(),
      host: this.address,
      // A transport without a listener (TLS connecting out only) names no port.
      ...(port ? { port } : {}),
      params: { branch: newBranch(), rport: true },
    });
  }

  contact(user: string, transport: TransportName): string {
    const tp = transport === 'udp' ? '' : `;transport=${transport}`;
    const port = this.port(transport);
    return `<sip:${encodeURIComponent(user).replace(/%2B/g, '+')}@${this.address}${port ? `:${port}` : ''}${tp}>`;
  }

  /** Sends without a transaction (ACK of a 2xx, retransmitted 2xx), tracing into `trace`. */
  sendRaw(msg: SipMessage, to: Peer, trace?: CallTrace, onFail?: (err: Error) => void): void {
    trace?.add('out', msg, to);
    this.transportFor(to.transport).send(msg, to, (err) => {
      this.log(
        `could not send ${msg.kind === 'request' ? msg.method : msg.status} to ${to.transport}:${to.host}:${to.port}: ${err.message}`,
      );
      onFail?.(err);
    });
  }

  /** Starts a client transaction. */
  sendRequest(
    req: SipRequest,
    to: Peer,
    cb: { onResponse(res: SipResponse): void; onTimeout(): void; onTransportError?(err: Error): void },
    trace?: CallTrace,
  ): ClientTransaction {
    const transport = this.transportFor(to.transport);
    const tx = new ClientTransaction(
      req,
      (m, onFail) => this.sendRaw(m, to, trace, onFail),
      transport.reliable,
      this.timers,
      {
        onResponse: (res) => cb.onResponse(res),
        onTimeout: () => cb.onTimeout(),
        onTransportError: (err) => (cb.onTransportError ? cb.onTransportError(err) : cb.onTimeout()),
        onTerminated: () => {
          if (this.clientTx.get(tx.key) === tx) this.clientTx.delete(tx.key);
        },
      },
    );
    this.clientTx.set(tx.key, tx);
    tx.start();
    return tx;
  }

  /** An out-of-dialog non-INVITE request; answers a 401/407 once when credentials are given. */
  request(method: string, uri: string, to: Peer, opts: RequestOptions): Promise<SipResponse> {
    const callId = opts.callId ?? newCallId(this.address);
    const fromTag = newTag();
    const build = (seq: number, authHeader?: [string, string]): SipRequest => {
      const h = new SipHeaders();
      h.set('via', this.newVia(to.transport));
      h.set('max-forwards', '70');
      h.set('from', `<${opts.from}>;tag=${fromTag}`);
      h.set('to', `<${opts.to ?? uri}>`);
      h.set('call-id', callId);
      h.set('cseq', `${seq} ${method}`);
      h.set('user-agent', this.config.userAgent);
      for (const [k, v] of Object.entries(opts.headers ?? {})) h.set(k, v);
      if (authHeader) h.set(authHeader[0], authHeader[1]);
      return { kind: 'request', method, uri, headers: h, body: new Uint8Array(0) };
    };
    const once = (req: SipRequest) =>
      new Promise<SipResponse>((resolve) => {
        this.sendRequest(req, to, {
          onResponse: (res) => {
            if (res.status >= 200) resolve(res);
          },
          onTimeout: () => resolve(makeResponse(req, 408, 'Request Timeout')),
          onTransportError: () => resolve(makeResponse(req, 503, 'Service Unavailable')),
        });
      });
    const seq = opts.cseq ?? 1;
    return once(build(seq)).then((res) => {
      const challenge = challengeOf(res);
      if (!challenge || !opts.auth) return res;
      const value = authorize(parseChallenge(challenge.value), opts.auth, method, uri);
      return once(build(seq + 1, [challenge.header, value]));
    });
  }

  options(target: Target, opts: { user?: string } = {}): Promise<SipResponse> {
    const uri = `sip:${opts.user ? `${opts.user}@` : ''}${target.host}:${target.port}`;
    return this.request('OPTIONS', uri, target, {
      from: `sip:probe@${this.address}`,
      headers: { accept: 'application/sdp' },
    });
  }

  register(opts: RegisterOptions): Registration {
    const r = new Registration(this, opts);
    r.start();
    return r;
  }

  invite(opts: InviteOptions): ClientCall {
    const call = new ClientCall(this, opts);
    this.calls.set(call.callId, call);
    call.start();
    return call;
  }

  onInvite(cb: (call: ServerCall) => void): void {
    this.inviteListener = cb;
  }

  /** Answers out-of-dialog requests of `method` (e.g. REGISTER) instead of the default. */
  handle(method: string, handler: RequestHandler): void {
    this.handlers.set(method.toUpperCase(), handler);
  }

  /** @internal */
  forget(callId: string): void {
    this.calls.delete(callId);
  }

  get activeCalls(): number {
    return this.calls.size;
  }

  respond(tx: ServerTransaction, res: SipResponse): void {
    tx.respond(res);
  }

  /** Nothing a peer sends may throw out of the socket handler: a bad message is logged and dropped. */
  private receive(msg: SipMessage, from: Peer): void {
    try {
      this.receiveUnsafe(msg, from);
    } catch (err) {
      this.log(`dropped a message from ${from.host}:${from.port}: ${(err as Error).message}`);
    }
  }

  private receiveUnsafe(msg: SipMessage, from: Peer): void {
    let callId: string | undefined;
    try {
      callId = msg.headers.get('call-id');
      if (!callId || !msg.headers.get('via') || !msg.headers.get('from') || !msg.headers.get('to'))
        throw new Error('missing mandatory header');
      parseCSeq(msg.headers.get('cseq'));
      transactionKey(msg); // a readable top Via
    } catch (err) {
      this.log(`dropped a malformed message from ${from.host}:${from.port}: ${(err as Error).message}`);
      return;
    }
    const call = this.calls.get(callId);
    call?.trace.add('in', msg, from);
    if (msg.kind === 'response') {
      const tx = this.clientTx.get(transactionKey(msg));
      if (tx) tx.receive(msg);
      else call?.onStrayResponse(msg);
      return;
    }
    const key = transactionKey(msg);
    const existing = this.serverTx.get(key);
    if (existing) {
      existing.tx.receive(msg);
      return;
    }
    if (msg.method === 'ACK') {
      call?.onAck(msg);
      return;
    }
    const transport = this.transportFor(from.transport);
    const tx = new ServerTransaction(
      msg,
      (m) => {
        this.calls.get(callId)?.trace.add('out', m, from);
        transport.send(m, from);
      },
      transport.reliable,
      this.timers,
      () => {
        if (this.serverTx.get(key)?.tx === tx) this.serverTx.delete(key);
      },
    );
    this.serverTx.set(key, { tx, from });
    this.dispatch(msg, from, tx, call);
  }

  private dispatch(req: SipRequest, from: Peer, tx: ServerTransaction, call: StackCall | undefined): void {
    const reply = (status: number, headers: Record<string, string | string[]> = {}) => {
      const res = makeResponse(
        req,
        status,
        REASONS[status] ?? 'Unknown',
        tagOf(req.headers.get('to')) ? undefined : newTag(),
      );
      for (const [k, v] of Object.entries(headers)) res.headers.setAll(k, Array.isArray(v) ? v : [v]);
      res.headers.set('user-agent', this.config.userAgent);
      tx.respond(res);
    };
    if (req.method === 'CANCEL') {
      const inv = this.serverTx.get(
        transactionKey({
          ...req,
          headers: req.headers.clone().set('cseq', `${parseCSeq(req.headers.get('cseq')).seq} INVITE`),
        }),
      );
      if (!inv || !call) {
        reply(481);
        return;
      }
      reply(200);
      call.onRequest(req, from, inv.tx);
      return;
    }
    if (call) {
      call.onRequest(req, from, tx);
      return;
    }
    if (req.method === 'INVITE' && !tagOf(req.headers.get('to'))) {
      if (!this.inviteListener) {
        reply(480);
        return;
      }
      const sc = new ServerCall(this, req, from, tx);
      this.calls.set(sc.callId, sc);
      sc.trace.add('in', req, from);
      tx.respond(makeResponse(req, 100, 'Trying'));
      this.inviteListener(sc);
      return;
    }
    const handler = this.handlers.get(req.method);
    if (handler) {
      const r = handler(req, from);
      if (r instanceof Promise)
        r.then(
          (answer) => reply(answer.status, answer.headers),
          (err: unknown) => {
            this.log(`${req.method} handler failed: ${(err as Error).message}`);
            reply(500);
          },
        );
      else reply(r.status, r.headers);
      return;
    }
    if (req.method === 'OPTIONS') {
      reply(200, { allow: ALLOW, accept: 'application/sdp' });
      return;
    }
    if (['BYE', 'INVITE', 'UPDATE', 'INFO'].includes(req.method)) {
      reply(481);
      return;
    }
    reply(405, { allow: ALLOW });
  }

  async close(): Promise<void> {
    for (const tx of this.clientTx.values()) tx.terminate();
    for (const { tx } of this.serverTx.values()) tx.terminate();
    for (const t of this.transports.values()) await t.close();
    this.transports.clear();
  }
}

export async function createSipStack(options: SipStackOptions): Promise<SipStack> {
  const stack = new SipStack(options);
  await stack.open();
  return stack;
}
