import { randomBytes } from 'node:crypto';
import { SEAT_REGISTER_EXPIRES_MAX_S, SEAT_REGISTER_EXPIRES_MIN_S } from '@switchboard/contracts';
import {
  createSipStack,
  type DigestInput,
  digestResponse,
  type Peer,
  parseAuthParams,
  parseCSeq,
  parseNameAddr,
  parseUri,
  type Reply,
  type SipRequest,
  type SipStack,
} from '@switchboard/voice';
import type { Config } from '../../platform/config';
import type { Logger } from '../../platform/logger';
import type { ModuleWorker } from '../../platform/module';
import type { CallCentreService } from './service';

/** How long a nonce of a challenge may be answered. */
const NONCE_TTL_MS = 300_000;
/** How often registrations that ran out are looked for (the seat goes offline). */
const EXPIRY_SWEEP_MS = 2_000;
export const SEAT_REALM = 'switchboard';

/**
 * The seats' SIP registrar (issue 26): REGISTER with digest authentication (MD5 or SHA-256,
 * qop=auth) against the seat's SIP username and password; the binding (contact, where it came
 * from, expiry) is kept in the database, so any process finds a registered seat, and the seat's
 * state (idle while registered, offline once the registration is removed or runs out) is pushed to
 * the console. A wrong password, an unknown or disabled seat is refused (403); a stale nonce is
 * challenged again.
 */
export class SeatRegistrar {
  private readonly nonces = new Map<string, number>();

  constructor(
    private readonly seats: Pick<CallCentreService, 'credentialsOf' | 'register' | 'unregister'>,
    private readonly log?: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  private challenge(stale: boolean): Reply {
    const nonce = randomBytes(16).toString('hex');
    const now = this.now();
    this.nonces.set(nonce, now);
    if (this.nonces.size > 10_000)
      for (const [n, at] of this.nonces) if (now - at > NONCE_TTL_MS) this.nonces.delete(n);
    const staleText = stale ? ', stale=true' : '';
    return {
      status: 401,
      headers: {
        'www-authenticate': `Digest realm="${SEAT_REALM}", nonce="${nonce}", algorithm=MD5, qop="auth"${staleText}`,
      },
    };
  }

  /** Answers a REGISTER. */
  async handle(req: SipRequest, from: Peer): Promise<Reply> {
    const to = parseUri(parseNameAddr(req.headers.get('to') ?? '').uri);
    const authorization = req.headers.get('authorization');
    if (!authorization) return this.challenge(false);
    const p = parseAuthParams(authorization);
    if (!p.username || !p.nonce || !p.uri || !p.response || p.realm !== SEAT_REALM) return { status: 403 };
    // One seat registers its own address of record only.
    if (to.user && to.user.toLowerCase() !== p.username.toLowerCase()) return { status: 403 };
    const seat = await this.seats.credentialsOf(p.username);
    if (!seat) return { status: 403 };
    const algorithm = (p.algorithm ?? 'MD5').toUpperCase();
    if (algorithm !== 'MD5' && algorithm !== 'SHA-256') return { status: 403 };
    const input: DigestInput = {
      method: 'REGISTER',
      uri: p.uri,
      username: p.username,
      password: seat.password,
      realm: SEAT_REALM,
      nonce: p.nonce,
      algorithm,
    };
    if (p.qop) {
      if (p.qop !== 'auth' || !p.nc || !p.cnonce) return { status: 403 };
      Object.assign(input, { qop: 'auth', nc: p.nc, cnonce: p.cnonce });
    }
    if (digestResponse(input) !== p.response.toLowerCase()) {
      this.log?.info(
        { username: p.username, from: `${from.host}:${from.port}` },
        'seat registration refused',
      );
      return { status: 403 };
    }
    const issued = this.nonces.get(p.nonce);
    if (issued === undefined || this.now() - issued > NONCE_TTL_MS) return this.challenge(true);

    const contacts = req.headers.getAll('contact');
    const headerExpires = req.headers.get('expires');
    const expiresOf = (params: Record<string, string | true>) => {
      const given = typeof params.expires === 'string' ? params.expires : headerExpires;
      const n = given === undefined ? 3600 : Number(given);
      return Number.isFinite(n) && n >= 0 ? Math.floor(n) : 3600;
    };
    if (contacts.length === 0) return { status: 200 }; // a query of the bindings: none are kept apart
    if (contacts.some((c) => c.trim() === '*')) {
      if (headerExpires !== '0') return { status: 400 };
      await this.seats.unregister(seat.seatId);
      return { status: 200 };
    }
    const contact = parseNameAddr(contacts[0]!);
    const asked = expiresOf(contact.params);
    if (asked === 0) {
      await this.seats.unregister(seat.seatId);
      return { status: 200 };
    }
    if (asked < SEAT_REGISTER_EXPIRES_MIN_S)
      return { status: 423, headers: { 'min-expires': String(SEAT_REGISTER_EXPIRES_MIN_S) } };
    const granted = Math.min(asked, SEAT_REGISTER_EXPIRES_MAX_S);
    const now = this.now();
    await this.seats.register(
      seat.seatId,
      {
        contact: contact.uri.slice(0, 255),
        // Where the REGISTER came from (behind NAT, the contact's own address is not reachable).
        host: from.host,
        port: from.port,
        transport: from.transport,
        callId: (req.headers.get('call-id') ?? '').slice(0, 255),
        cseq: parseCSeq(req.headers.get('cseq')).seq,
        expiresAt: new Date(now + granted * 1000),
        userAgent: req.headers.get('user-agent')?.slice(0, 255) ?? null,
      },
      new Date(now),
    );
    return {
      status: 200,
      headers: {
        contact: `<${contact.uri}>;expires=${granted}`,
        expires: String(granted),
        date: new Date(now).toUTCString(),
      },
    };
  }
}

/**
 * The registrar's SIP stack in a worker process (settings `SEAT_SIP_HOST`, `SEAT_SIP_PORT`), and
 * the sweep that takes seats whose registration ran out offline. One process per host binds the
 * port; another finds it taken and leaves registrations to that one (each still sweeps).
 */
export class SeatRegistrarWorker implements ModuleWorker {
  readonly role = 'worker' as const;
  private stack: SipStack | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> | undefined;

  constructor(
    private readonly config: Config['seatSip'],
    private readonly seats: CallCentreService,
    private readonly log: Logger,
  ) {}

  /** The registrar's port (undefined when this process has no registrar). */
  get port(): number | undefined {
    return this.stack?.port();
  }

  async start(): Promise<void> {
    const registrar = new SeatRegistrar(this.seats, this.log);
    try {
      this.stack = await createSipStack({
        host: this.config.host,
        port: this.config.port,
        transports: ['udp', 'tcp'],
        userAgent: 'Switchboard registrar',
        log: (line) => this.log.debug({ registrar: true }, line),
      });
      this.stack.handle('REGISTER', (req, from) => registrar.handle(req, from));
      this.log.info({ host: this.config.host, port: this.stack.port() }, 'seat registrar listening');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      this.log.warn(
        { host: this.config.host, port: this.config.port },
        'seat registrar port taken: another process on this host registers the seats',
      );
    }
    this.sweeper = setInterval(() => {
      this.sweeping ??= this.seats
        .expireRegistrations()
        .catch((error: unknown) => this.log.warn({ err: error }, 'seat registration sweep failed'))
        .finally(() => {
          this.sweeping = undefined;
        });
    }, EXPIRY_SWEEP_MS);
    this.sweeper.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    await this.sweeping;
    await this.stack?.close();
    this.stack = undefined;
  }
}
