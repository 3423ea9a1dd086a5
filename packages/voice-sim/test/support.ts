import {
  type ClientCall,
  type Credentials,
  createSipStack,
  dialWithMedia,
  type InviteOptions,
  type RtpSession,
  type SipStack,
  type TransportName,
} from '@switchboard/voice';

export interface Dialled {
  call: ClientCall;
  rtp: RtpSession;
  keys: string[];
}

/** Places a call from `stack` to `number` at a simulator on `port`, with its RTP session. */
export async function dial(
  stack: SipStack,
  port: number,
  number: string,
  opts: { transport?: TransportName; ringTimeoutMs?: number; auth?: Credentials; displayName?: string } = {},
): Promise<Dialled> {
  const invite: Omit<InviteOptions, 'sdp'> = {
    to: number,
    from: '1000',
    target: { host: '127.0.0.1', port, transport: opts.transport ?? 'udp' },
    ringTimeoutMs: opts.ringTimeoutMs ?? 10_000,
  };
  if (opts.auth) invite.auth = opts.auth;
  if (opts.displayName) invite.displayName = opts.displayName;
  const { call, rtp } = await dialWithMedia(stack, invite);
  const keys: string[] = [];
  rtp.on('dtmf', (k) => keys.push(k));
  return { call, rtp, keys };
}

export function uac(): Promise<SipStack> {
  return createSipStack({
    host: '127.0.0.1',
    port: 0,
    transports: ['udp', 'tcp'],
    userAgent: 'switchboard-test',
  });
}
