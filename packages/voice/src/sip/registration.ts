/**
 * A kept-up registration: REGISTER with digest, refreshed before the granted expiry runs out,
 * retried after a failure, removed with Expires: 0. One Call-ID and a rising CSeq throughout.
 */
import { EventEmitter } from 'node:events';
import type { RequestOptions, StackCore, Target } from './core';
import type { Credentials } from './digest';
import { newCallId, parseNameAddr } from './fields';

export interface RegisterOptions {
  target: Target;
  /** The user part of the address of record (defaults to the username of `auth`). */
  user?: string;
  /** The domain of the address of record (defaults to the target host). */
  domain?: string;
  auth?: Credentials;
  expiresS: number;
  /** Wait after a failure before trying again (default 30 s). */
  retryMs?: number;
}

export type RegistrationState = 'registering' | 'registered' | 'failed' | 'unregistered';

interface RegistrationEvents {
  state: [state: RegistrationState, detail: { status?: number; expiresS?: number; reason?: string }];
}

export class Registration extends EventEmitter<RegistrationEvents> {
  state: RegistrationState = 'registering';
  lastStatus?: number;
  expiresS?: number;
  private readonly callId: string;
  private cseq = 1;
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly stack: StackCore,
    private readonly opts: RegisterOptions,
  ) {
    super();
    this.callId = newCallId(stack.address);
  }

  private get aor(): string {
    const user = this.opts.user ?? this.opts.auth?.username ?? 'anonymous';
    return `sip:${user}@${this.opts.domain ?? this.opts.target.host}`;
  }

  start(): void {
    void this.send(this.opts.expiresS);
  }

  /** Resolves once the registration is registered or failed (the next state after now). */
  settled(): Promise<RegistrationState> {
    if (this.state === 'registered' || this.state === 'failed') return Promise.resolve(this.state);
    return new Promise((resolve) => this.once('state', (s) => resolve(s)));
  }

  private async send(expires: number): Promise<void> {
    const user = this.opts.user ?? this.opts.auth?.username ?? 'anonymous';
    const seq = this.cseq;
    this.cseq += 2;
    const reqOpts: RequestOptions = {
      from: this.aor,
      to: this.aor,
      callId: this.callId,
      cseq: seq,
      headers: { contact: this.stack.contact(user, this.opts.target.transport), expires: String(expires) },
    };
    if (this.opts.auth) reqOpts.auth = this.opts.auth;
    const res = await this.stack.request(
      'REGISTER',
      `sip:${this.opts.domain ?? this.opts.target.host}`,
      this.opts.target,
      reqOpts,
    );
    if (this.stopped && expires > 0) return;
    this.lastStatus = res.status;
    if (expires === 0) {
      this.set('unregistered', { status: res.status });
      return;
    }
    if (res.status >= 200 && res.status < 300) {
      const granted = grantedExpires(res.headers.getAll('contact'), res.headers.get('expires'), expires);
      this.expiresS = granted;
      this.set('registered', { status: res.status, expiresS: granted });
      // Refresh at 80 % of the granted time (at least 1 s before it runs out).
      const refreshMs = Math.max(500, Math.min(granted * 800, granted * 1000 - 1000));
      this.timer = setTimeout(() => void this.send(this.opts.expiresS), refreshMs);
      return;
    }
    this.set('failed', { status: res.status, reason: res.reason });
    this.timer = setTimeout(() => void this.send(this.opts.expiresS), this.opts.retryMs ?? 30_000);
  }

  private set(
    state: RegistrationState,
    detail: { status?: number; expiresS?: number; reason?: string },
  ): void {
    this.state = state;
    this.emit('state', state, detail);
  }

  /** Stops refreshing and removes the binding (REGISTER with Expires: 0). */
  async unregister(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.send(0);
  }

  /** Stops refreshing without telling the registrar. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }
}

function grantedExpires(contacts: string[], header: string | undefined, asked: number): number {
  for (const c of contacts) {
    const e = parseNameAddr(c).params.expires;
    if (typeof e === 'string' && Number.isFinite(Number(e))) return Number(e);
  }
  if (header && Number.isFinite(Number(header))) return Number(header);
  return asked;
}
