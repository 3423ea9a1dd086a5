import { readFile } from 'node:fs/promises';
import { createSipStack, MediaClock, type SipStack, type TlsOptions } from '@switchboard/voice';
import type { Config } from '../../platform/config';
import type { Logger } from '../../platform/logger';
import type { ModuleWorker } from '../../platform/module';

/**
 * The SIP stack of this process (one per worker process: settings `VOICE_SIP_*`, RTP ports
 * `VOICE_RTP_PORTS`) and the media clock its calls share. Opened when the worker starts (or on
 * first use, whichever comes first), closed when it stops; the dialer and the trunk probe use it.
 */
export class VoiceEngine implements ModuleWorker {
  readonly role = 'worker' as const;
  private opening: Promise<SipStack> | undefined;
  private stopped = false;
  private readonly beforeClose = new Set<() => void>();
  readonly clock = MediaClock.shared();

  constructor(
    private readonly config: Config['voice'],
    private readonly log: Logger,
  ) {}

  get rtpPorts(): { min: number; max: number } {
    return this.config.rtpPorts;
  }

  get rtpHost(): string | undefined {
    return this.config.publicAddress;
  }

  /** The stack, opened at the first call; refused once stopping. */
  stack(): Promise<SipStack> {
    if (this.stopped) return Promise.reject(new Error('the voice engine is stopped'));
    this.opening ??= this.tlsOptions()
      .then((tls) =>
        createSipStack({
          host: this.config.sipHost,
          port: this.config.sipPort,
          ...(this.config.publicAddress ? { publicAddress: this.config.publicAddress } : {}),
          transports: ['udp', 'tcp', 'tls'],
          ...(tls ? { tls } : {}),
          userAgent: 'Switchboard',
        }),
      )
      .then(
        (stack) => {
          this.log.info(
            { host: stack.address, port: stack.port(), tlsPort: stack.port('tls') || null },
            'SIP stack listening',
          );
          return stack;
        },
        (error: unknown) => {
          this.opening = undefined;
          throw error;
        },
      );
    return this.opening;
  }

  /** The TLS listener's certificate and key (`VOICE_SIP_TLS_*`), read when the stack opens. */
  private async tlsOptions(): Promise<TlsOptions | undefined> {
    const tls = this.config.tls;
    if (!tls) return undefined;
    const [cert, key] = await Promise.all([readFile(tls.certFile), readFile(tls.keyFile)]);
    return { cert, key, port: tls.port };
  }

  /** Runs `fn` before the stack closes (what keeps timers on it: registrations). */
  onStop(fn: () => void): void {
    this.beforeClose.add(fn);
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.stack();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const fn of this.beforeClose) fn();
    const opening = this.opening;
    this.opening = undefined;
    const stack = await opening?.catch(() => undefined);
    await stack?.close();
  }
}
