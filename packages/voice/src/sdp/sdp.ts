/**
 * SDP offer/answer (RFC 3264) for one audio stream: PCMU (0), PCMA (8) and telephone-event
 * (RFC 4733, dynamic; 101 by default). The offerer takes the connection address, port, codec and
 * telephone-event payload type from the answer.
 */

export type CodecName = 'PCMU' | 'PCMA';

export const STATIC_PT: Record<CodecName, number> = { PCMU: 0, PCMA: 8 };

export interface MediaDescription {
  address: string;
  port: number;
  /** Payload types in the m= line, in order of preference. */
  payloads: number[];
  /** Payload type → encoding name (upper case) and clock rate. */
  rtpmap: Map<number, { name: string; rate: number }>;
  direction: 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';
  ptime?: number;
}

export interface NegotiatedMedia {
  address: string;
  port: number;
  codec: CodecName;
  payloadType: number;
  /** Payload type of telephone-event, absent if the peer does not take RFC 4733 events. */
  dtmfPayloadType?: number;
}

export class SdpError extends Error {}

export interface OfferOptions {
  address: string;
  port: number;
  codecs?: CodecName[];
  dtmfPayloadType?: number;
  sessionId?: number;
  userName?: string;
}

export function buildSdp(o: OfferOptions & { direction?: MediaDescription['direction'] }): string {
  const codecs = o.codecs ?? ['PCMU', 'PCMA'];
  const dtmf = o.dtmfPayloadType ?? 101;
  const id = o.sessionId ?? Math.floor(Math.random() * 1e9);
  const pts = [...codecs.map((c) => STATIC_PT[c]), dtmf];
  const lines = [
    'v=0',
    `o=${o.userName ?? '-'} ${id} ${id} IN IP4 ${o.address}`,
    's=-',
    `c=IN IP4 ${o.address}`,
    't=0 0',
    `m=audio ${o.port} RTP/AVP ${pts.join(' ')}`,
    ...codecs.map((c) => `a=rtpmap:${STATIC_PT[c]} ${c}/8000`),
    `a=rtpmap:${dtmf} telephone-event/8000`,
    `a=fmtp:${dtmf} 0-16`,
    'a=ptime:20',
    `a=${o.direction ?? 'sendrecv'}`,
  ];
  return `${lines.join('\r\n')}\r\n`;
}

export function parseSdp(text: string): MediaDescription {
  let sessionAddress: string | undefined;
  let mediaAddress: string | undefined;
  let port: number | undefined;
  let payloads: number[] = [];
  const rtpmap = new Map<number, { name: string; rate: number }>();
  let direction: MediaDescription['direction'] = 'sendrecv';
  let ptime: number | undefined;
  let inAudio = false;
  let seenAudio = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.length < 2 || line[1] !== '=') continue;
    const type = line[0];
    const value = line.slice(2);
    if (type === 'm') {
      inAudio = !seenAudio && value.startsWith('audio ');
      if (inAudio) {
        seenAudio = true;
        const parts = value.split(/\s+/);
        port = Number(parts[1]?.split('/')[0]);
        payloads = parts.slice(3).map(Number).filter(Number.isInteger);
      }
      continue;
    }
    if (type === 'c') {
      const addr = /^IN IP[46] (\S+)/.exec(value)?.[1]?.split('/')[0];
      if (!seenAudio) sessionAddress = addr;
      else if (inAudio) mediaAddress = addr;
      continue;
    }
    if (type === 'a' && (inAudio || !seenAudio)) {
      const m = /^rtpmap:(\d+)\s+([^/\s]+)\/(\d+)/.exec(value);
      if (m && inAudio) rtpmap.set(Number(m[1]), { name: m[2]!.toUpperCase(), rate: Number(m[3]) });
      else if (/^(sendrecv|sendonly|recvonly|inactive)$/.test(value))
        direction = value as MediaDescription['direction'];
      else if (value.startsWith('ptime:') && inAudio) ptime = Number(value.slice(6));
    }
  }
  const address = mediaAddress ?? sessionAddress;
  if (!seenAudio || port === undefined || !Number.isInteger(port) || port < 0 || port > 65535)
    throw new SdpError('no audio stream in SDP');
  if (!address) throw new SdpError('no connection address in SDP');
  // Static payload types need no rtpmap.
  for (const [name, pt] of Object.entries(STATIC_PT))
    if (!rtpmap.has(pt) && payloads.includes(pt)) rtpmap.set(pt, { name, rate: 8000 });
  const out: MediaDescription = { address, port, payloads, rtpmap, direction };
  if (ptime !== undefined) out.ptime = ptime;
  return out;
}

function pick(
  desc: MediaDescription,
  prefer: CodecName[],
  order: 'theirs' | 'ours',
): NegotiatedMedia | undefined {
  const dtmf = desc.payloads.find(
    (pt) => desc.rtpmap.get(pt)?.name === 'TELEPHONE-EVENT' && desc.rtpmap.get(pt)?.rate === 8000,
  );
  const candidates =
    order === 'theirs'
      ? desc.payloads.filter((pt) => prefer.includes(desc.rtpmap.get(pt)?.name as CodecName))
      : prefer.flatMap((c) => desc.payloads.filter((pt) => desc.rtpmap.get(pt)?.name === c));
  const pt = candidates[0];
  if (pt === undefined) return undefined;
  const out: NegotiatedMedia = {
    address: desc.address,
    port: desc.port,
    codec: desc.rtpmap.get(pt)!.name as CodecName,
    payloadType: pt,
  };
  if (dtmf !== undefined) out.dtmfPayloadType = dtmf;
  return out;
}

/**
 * The answerer's side: choose a codec from the offer (our preference first) and build the answer.
 * Throws SdpError (answer 488) when nothing fits.
 */
export function answerOffer(
  offer: string,
  local: { address: string; port: number; prefer?: CodecName[]; sessionId?: number },
): { sdp: string; media: NegotiatedMedia } {
  const media = pick(parseSdp(offer), local.prefer ?? ['PCMU', 'PCMA'], 'ours');
  if (!media) throw new SdpError('no common codec');
  const opts: OfferOptions = { address: local.address, port: local.port, codecs: [media.codec] };
  if (media.dtmfPayloadType !== undefined) opts.dtmfPayloadType = media.dtmfPayloadType;
  if (local.sessionId !== undefined) opts.sessionId = local.sessionId;
  let sdp = buildSdp(opts);
  if (media.dtmfPayloadType === undefined)
    sdp = sdp.replace(/^a=(rtpmap|fmtp):101 .*\r\n/gm, '').replace(/ 101\r\n/, '\r\n');
  return { sdp, media };
}

/** The offerer's side: what the answer chose. Throws SdpError when the answer has no usable codec. */
export function acceptAnswer(answer: string, offered: CodecName[] = ['PCMU', 'PCMA']): NegotiatedMedia {
  const media = pick(parseSdp(answer), offered, 'theirs');
  if (!media) throw new SdpError('the answer has no codec we offered');
  return media;
}
