/**
 * The carrier simulator: a SIP UAS on `@switchboard/voice`. Calls get the outcome of their called
 * number's last digit (`outcomes.ts`); answered calls echo the caller's audio and may press a key
 * or hang up; OPTIONS is answered; REGISTER (and, if asked, INVITE) needs digest credentials.
 */
import {
  answerWithMedia,
  CALLEE_REPORT_TYPE,
  type CalleeReport,
  createSipStack,
  DigestVerifier,
  type EndInfo,
  HeardAudio,
  type Reply,
  type RtpSession as RtpSessionType,
  type ServerCall,
  type SipStack,
  type TlsOptions,
  type TraceEntry,
  type TransportName,
} from '@switchboard/voice';
import { outcomeFor } from './outcomes';

export interface VoiceSimOptions {
  host: string;
  /** 0: any free port (the same for UDP and TCP). */
  port: number;
  transports?: TransportName[];
  /** With `tls` among the transports: the certificate it listens with (its own port: `tlsPort`). */
  tls?: TlsOptions;
  /** Username → password for REGISTER (and INVITE when `inviteAuth`). */
  accounts?: Record<string, string>;
  realm?: string;
  algorithm?: 'MD5' | 'SHA-256';
  /** Challenge INVITEs with 407 too. */
  inviteAuth?: boolean;
  /** From INVITE to the ringing or refusing answer (default 50 ms). */
  ringDelayMs?: number;
  /** From ringing to answering (default 300 ms). */
  answerDelayMs?: number;
  /** Last digit 5: hang up this long after answering (default 3000 ms). */
  hangupAfterMs?: number;
  /** Last digits 6 and 7: press the key this long after the ACK (default 500 ms). */
  keyDelayMs?: number;
  /** Last digit 2: answer 480 after ringing this long (default: ring until cancelled). */
  ringLimitMs?: number;
  /** Keep the audio each answered call received (`SimCallRecord.audio`): for tests. */
  recordAudio?: boolean;
  log?: (line: string) => void;
}

export interface SimCallRecord {
  callId: string;
  to: string;
  from: string;
  displayName?: string;
  outcome: string;
  sipCode?: number;
  answered: boolean;
  end?: EndInfo;
  /** Audio packets the simulator received (and echoed). */
  audioPackets: number;
  /** With `recordAudio`: the payloads received, in sequence-number order (G.711 as negotiated). */
  audio?: Uint8Array;
  keysReceived: string;
  keysSent: string;
  trace: TraceEntry[];
}

export interface VoiceSim {
  stack: SipStack;
  /** The UDP and TCP port. */
  port: number;
  /** The TLS listener's port (0: none). */
  tlsPort: number;
  calls: SimCallRecord[];
  registrations: Map<string, { contact: string; expiresAt: number }>;
  close(): Promise<void>;
}

export async function startVoiceSim(o: VoiceSimOptions): Promise<VoiceSim> {
  const log = o.log ?? (() => {});
  const stack = await createSipStack({
    host: o.host,
    port: o.port,
    transports: o.transports ?? ['udp', 'tcp'],
    ...(o.tls ? { tls: o.tls } : {}),
    userAgent: 'switchboard-voice-sim',
    log,
  });
  const accounts = o.accounts ?? {};
  const verifier = new DigestVerifier(o.realm ?? 'voice-sim', (u) => accounts[u], o.algorithm ?? 'MD5');
  const calls: SimCallRecord[] = [];
  const registrations = new Map<string, { contact: string; expiresAt: number }>();
  const media = new Set<RtpSessionType>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  stack.handle('REGISTER', (req): Reply => {
    const verdict = verifier.verify(req.headers.get('authorization'), 'REGISTER');
    if (verdict !== 'ok')
      return { status: 401, headers: { 'www-authenticate': verifier.challenge(verdict === 'stale') } };
    const user = /username="([^"]*)"/.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
    const expires = Number(req.headers.get('expires') ?? '3600');
    const contact = req.headers.get('contact') ?? '';
    if (expires === 0) registrations.delete(user);
    else registrations.set(user, { contact, expiresAt: Date.now() + expires * 1000 });
    log(`REGISTER ${user} ${expires === 0 ? 'removed' : `for ${expires} s`}`);
    return { status: 200, headers: expires === 0 ? {} : { contact: `${contact};expires=${expires}` } };
  });

  stack.onInvite((call: ServerCall) => {
    if (o.inviteAuth) {
      const verdict = verifier.verify(call.request.headers.get('proxy-authorization'), 'INVITE');
      if (verdict !== 'ok') {
        call.reject(407, { 'proxy-authenticate': verifier.challenge(verdict === 'stale') });
        return;
      }
    }
    const outcome = outcomeFor(call.to, { hangupAfterMs: o.hangupAfterMs ?? 3000 });
    const rec: SimCallRecord = {
      callId: call.callId,
      to: call.to,
      from: call.from,
      outcome: outcome.name,
      answered: false,
      audioPackets: 0,
      keysReceived: '',
      keysSent: '',
      trace: call.trace.entries,
    };
    if (call.displayName) rec.displayName = call.displayName;
    calls.push(rec);
    log(`INVITE ${call.from} → ${call.to}: ${outcome.name}`);
    let rtp: RtpSessionType | undefined;
    call.on('ended', (info) => {
      rec.end = info;
      rec.sipCode ??= info.sipCode;
      rtp?.close();
      if (rtp) media.delete(rtp);
      log(`END ${call.to}: ${info.cause} by ${info.by === 'us' ? 'simulator' : 'caller'}`);
    });
    later(o.ringDelayMs ?? 50, () => {
      if (call.state !== 'ringing') return;
      if (outcome.kind === 'refuse') {
        rec.sipCode = outcome.status;
        call.reject(outcome.status);
        return;
      }
      call.ring();
      if (outcome.kind === 'ring') {
        if (o.ringLimitMs !== undefined)
          later(o.ringLimitMs, () => {
            rec.sipCode = 480;
            call.reject(480);
          });
        return;
      }
      later(o.answerDelayMs ?? 300, async () => {
        if (call.state !== 'ringing') return;
        let session: RtpSessionType;
        const heard = new HeardAudio();
        let codec: 'PCMU' | 'PCMA' = 'PCMU';
        // What it received, sent with the end of the call (the CLI test shows it).
        call.endBody = () => ({
          contentType: CALLEE_REPORT_TYPE,
          body: JSON.stringify({
            from: call.from,
            displayName: call.displayName ?? null,
            assertedIdentity: call.request.headers.get('p-asserted-identity') ?? null,
            to: call.to,
            codec,
            keys: rec.keysReceived,
            audioPackets: heard.packets,
            audioMs: heard.ms,
            levelDbfs: heard.levelDbfs,
          } satisfies CalleeReport),
        });
        try {
          const answered = await answerWithMedia(stack, call, { rtpHost: o.host });
          session = answered.rtp;
          codec = answered.media.codec;
        } catch (err) {
          // Refused with 488 (nothing in the offer we take), or the caller gave up meanwhile.
          log(`not answered ${call.to}: ${(err as Error).message}`);
          return;
        }
        rtp = session;
        media.add(session);
        session.echo = true;
        const recorded: { seq: number; payload: Uint8Array }[] = [];
        session.on('audio', (payload, packet) => {
          rec.audioPackets++;
          heard.add(payload, codec);
          if (o.recordAudio) recorded.push({ seq: packet.sequence, payload: payload.slice() });
        });
        if (o.recordAudio)
          call.once('ended', () => {
            // In the sender's sequence order, from its first packet (16-bit numbers unwrapped).
            const first = recorded[0]?.seq ?? 0;
            const key = (seq: number) => (seq - first + 0x10000) & 0xffff;
            recorded.sort((a, b) => key(a.seq) - key(b.seq));
            rec.audio = Buffer.concat(recorded.map((h) => h.payload));
          });
        session.on('dtmf', (key) => {
          rec.keysReceived += key;
        });
        rec.answered = true;
        rec.sipCode = 200;
        call.once('confirmed', () => {
          if (outcome.kind !== 'answer') return;
          if (outcome.pressKey) {
            const key = outcome.pressKey;
            later(o.keyDelayMs ?? 500, () => {
              rec.keysSent += key;
              session.sendDtmf(key, 100);
            });
          }
          if (outcome.hangupAfterMs !== undefined) later(outcome.hangupAfterMs, () => call.hangup());
        });
      });
    });
  });

  return {
    stack,
    port: stack.port(),
    tlsPort: (o.transports ?? []).includes('tls') ? stack.port('tls') : 0,
    calls,
    registrations,
    async close() {
      for (const t of timers) clearTimeout(t);
      for (const m of media) m.close();
      await stack.close();
    },
  };
}
