import {
  acceptAnswer,
  buildSdp,
  type ClientCall,
  type Credentials,
  createSipStack,
  RtpSession,
  type SipStack,
  type TransportName,
} from '@switchboard/voice';

export interface Dialled {
  call: ClientCall;
  rtp: RtpSession;
  keys: string[];
}

/** Places a call from `stack` to `number` at a simulator on `port`, wiring the RTP session up on answer. */
export async function dial(
  stack: SipStack,
  port: number,
  number: string,
  opts: { transport?: TransportName; ringTimeoutMs?: number; auth?: Credentials; displayName?: string } = {},
): Promise<Dialled> {
  const rtp = await RtpSession.open({ host: '127.0.0.1' });
  const keys: string[] = [];
  rtp.on('dtmf', (k) => keys.push(k));
  const invite: Parameters<SipStack['invite']>[0] = {
    to: number,
    from: '1000',
    target: { host: '127.0.0.1', port, transport: opts.transport ?? 'udp' },
    sdp: buildSdp({ address: '127.0.0.1', port: rtp.port }),
    ringTimeoutMs: opts.ringTimeoutMs ?? 10_000,
  };
  if (opts.auth) invite.auth = opts.auth;
  if (opts.displayName) invite.displayName = opts.displayName;
  const call = stack.invite(invite);
  call.on('answered', (sdp) => rtp.setRemote(acceptAnswer(sdp)));
  call.on('ended', () => rtp.close());
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
