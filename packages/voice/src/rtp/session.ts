/**
 * One call's RTP stream on its own UDP socket (an even port): plays G.711 bytes in 20 ms frames on
 * the shared media clock, echoes what it hears, receives RFC 4733 key presses (one per event
 * timestamp, reported on the first packet) and sends them (marker on the first packet, the end
 * packet three times), with counters.
 */
import dgram from 'node:dgram';
import dns from 'node:dns';
import { EventEmitter } from 'node:events';
import net from 'node:net';
import type { NegotiatedMedia } from '../sdp/sdp';
import { MediaClock } from './clock';
import { decodeEvent, decodeRtp, encodeEvent, encodeRtp, type RtpPacket } from './packet';

export const FRAME_BYTES = 160;
const SILENCE = { PCMU: 0xff, PCMA: 0xd5 } as const;

export interface RtpStats {
  packetsSent: number;
  packetsReceived: number;
  /** Expected minus received, from the peer's sequence numbers. */
  packetsLost: number;
  bytesSent: number;
  dtmfReceived: number;
  /** Media clock ticks of this stream that ran more than 20 ms late (the event loop was busy). */
  lateTicks: number;
}

/**
 * This process's RTP, summed over its sessions: packets as they go and come; `sessions`, lost and
 * late ticks added when a session closes. What a bench or a worker's metrics read.
 */
export const rtpTotals = {
  /** Sessions closed. */
  sessions: 0,
  packetsSent: 0,
  packetsReceived: 0,
  /** Counted at the receiver: sequence numbers expected and not received (closed sessions). */
  packetsLost: 0,
  /** Media clock ticks run more than 20 ms late (closed sessions). */
  lateTicks: 0,
};

/**
 * dgram resolves the address of every datagram it sends (`dns.lookup`, answered on the next tick
 * even for an IP address): 50 a second per call. An IP address is answered at once here; a name
 * goes to `dns.lookup` as before.
 */
function lookup(
  address: string,
  options: dns.LookupOneOptions,
  callback: (err: NodeJS.ErrnoException | null, address: string, family: number) => void,
): void {
  const family = net.isIP(address);
  if (family) callback(null, address, family);
  else dns.lookup(address, options, callback);
}

interface RtpEvents {
  dtmf: [key: string];
  /** Every audio packet received (payload as it came). */
  audio: [payload: Uint8Array, packet: RtpPacket];
}

export interface RtpSessionOptions {
  host: string;
  /** Ports to take from (even ports only); default: any free even port. */
  portRange?: { min: number; max: number };
  clock?: MediaClock;
}

export class RtpSession extends EventEmitter<RtpEvents> {
  readonly stats: RtpStats = {
    packetsSent: 0,
    packetsReceived: 0,
    packetsLost: 0,
    bytesSent: 0,
    dtmfReceived: 0,
    lateTicks: 0,
  };
  /** Send back every audio packet received (restamped as our stream). */
  echo = false;
  private remote?: { address: string; port: number };
  private payloadType = 0;
  private silence: number = SILENCE.PCMU;
  private dtmfPt?: number;
  private readonly ssrc = (Math.random() * 0xffffffff) >>> 0;
  private seq = Math.floor(Math.random() * 0xffff);
  private ts = (Math.random() * 0xffffffff) >>> 0;
  private marker = true;
  private playing?: { frames: Uint8Array; offset: number; resolve: (r: 'done' | 'stopped') => void };
  private dtmfQueue: string[] = [];
  private dtmfOut?: { key: string; ts: number; ticks: number; total: number; endSent: number };
  private unsubscribe?: () => void;
  private lastEventTs?: number;
  private firstSeq?: number;
  private highestSeq?: number;
  private closed = false;

  private constructor(
    private readonly socket: dgram.Socket,
    readonly port: number,
    private readonly clock: MediaClock,
  ) {
    super();
    socket.on('message', (data, rinfo) => this.receive(data, rinfo));
    socket.on('error', () => {});
  }

  static async open(opts: RtpSessionOptions): Promise<RtpSession> {
    const clock = opts.clock ?? MediaClock.shared();
    for (let attempt = 0; attempt < 50; attempt++) {
      const socket = dgram.createSocket({ type: 'udp4', lookup });
      let want = 0;
      if (opts.portRange) {
        const evens = Math.floor((opts.portRange.max - opts.portRange.min) / 2) + 1;
        want = opts.portRange.min + (opts.portRange.min % 2) + 2 * Math.floor(Math.random() * evens);
      }
      const ok = await new Promise<boolean>((resolve) => {
        socket.once('error', () => resolve(false));
        socket.bind(want, opts.host, () => resolve(true));
      });
      if (ok && socket.address().port % 2 === 0) return new RtpSession(socket, socket.address().port, clock);
      socket.close();
    }
    throw new Error('no free even RTP port');
  }

  /** Where to send and in what format (from SDP negotiation). */
  setRemote(media: NegotiatedMedia): void {
    this.remote = { address: media.address, port: media.port };
    this.payloadType = media.payloadType;
    this.silence = SILENCE[media.codec];
    if (media.dtmfPayloadType !== undefined) this.dtmfPt = media.dtmfPayloadType;
  }

  /** Plays G.711 bytes (of the negotiated codec) at 20 ms a frame; resolves when played or stopped. */
  play(frames: Uint8Array): Promise<'done' | 'stopped'> {
    this.stop();
    return new Promise((resolve) => {
      this.playing = { frames, offset: 0, resolve };
      this.run();
    });
  }

  stop(): void {
    const p = this.playing;
    this.playing = undefined;
    p?.resolve('stopped');
    this.idleCheck();
  }

  get isPlaying(): boolean {
    return this.playing !== undefined;
  }

  /** Queues a key press (RFC 4733), sent for `durationMs` after those before it. */
  sendDtmf(key: string, durationMs = 100): void {
    encodeEvent({ key, end: false, volume: 10, duration: 0 }); // throws on a bad key
    this.dtmfQueue.push(`${key}:${Math.max(40, durationMs)}`);
    this.run();
  }

  private run(): void {
    this.unsubscribe ??= this.clock.subscribe((late) => this.tick(late));
  }

  private idleCheck(): void {
    if (!this.playing && !this.dtmfOut && this.dtmfQueue.length === 0 && this.unsubscribe) {
      this.unsubscribe();
      this.unsubscribe = undefined;
    }
  }

  private tick(late: boolean): void {
    if (this.closed || !this.remote) return;
    if (late) this.stats.lateTicks++;
    if (!this.dtmfOut && this.dtmfQueue.length > 0 && this.dtmfPt !== undefined) {
      const [key, ms] = this.dtmfQueue.shift()!.split(':');
      this.dtmfOut = { key: key!, ts: this.ts, ticks: 0, total: Math.ceil(Number(ms) / 20), endSent: 0 };
    } else if (this.dtmfPt === undefined) this.dtmfQueue = [];
    const d = this.dtmfOut;
    if (d) {
      d.ticks++;
      const end = d.ticks >= d.total;
      const payload = encodeEvent({
        key: d.key,
        end,
        volume: 10,
        duration: Math.min(0xffff, d.ticks * FRAME_BYTES),
      });
      const sends = end ? 3 : 1;
      for (let i = 0; i < sends; i++) this.send(this.dtmfPt!, payload, d.ticks === 1, d.ts);
      this.ts = (this.ts + FRAME_BYTES) >>> 0;
      if (end) {
        this.dtmfOut = undefined;
        this.marker = true;
      }
      return;
    }
    const p = this.playing;
    if (p) {
      let frame = p.frames.subarray(p.offset, p.offset + FRAME_BYTES);
      if (frame.length < FRAME_BYTES) {
        const padded = new Uint8Array(FRAME_BYTES).fill(this.silence);
        padded.set(frame);
        frame = padded;
      }
      this.send(this.payloadType, frame, this.marker, this.ts);
      this.marker = false;
      this.ts = (this.ts + FRAME_BYTES) >>> 0;
      p.offset += FRAME_BYTES;
      if (p.offset >= p.frames.length) {
        this.playing = undefined;
        p.resolve('done');
      }
    }
    this.idleCheck();
  }

  private send(pt: number, payload: Uint8Array, marker: boolean, ts: number): void {
    if (!this.remote) return;
    const buf = encodeRtp({
      payloadType: pt,
      marker,
      sequence: this.seq,
      timestamp: ts,
      ssrc: this.ssrc,
      payload,
    });
    this.seq = (this.seq + 1) & 0xffff;
    this.stats.packetsSent++;
    rtpTotals.packetsSent++;
    this.stats.bytesSent += payload.length;
    this.socket.send(buf, this.remote.port, this.remote.address);
  }

  private receive(data: Buffer, rinfo: dgram.RemoteInfo): void {
    const pkt = decodeRtp(data);
    if (!pkt || this.closed) return;
    // Symmetric RTP: without a negotiated address, answer where the media comes from.
    this.remote ??= { address: rinfo.address, port: rinfo.port };
    this.stats.packetsReceived++;
    rtpTotals.packetsReceived++;
    this.trackSequence(pkt.sequence);
    if (pkt.payloadType === this.dtmfPt || (this.dtmfPt === undefined && pkt.payloadType === 101)) {
      const ev = decodeEvent(pkt.payload);
      if (ev && pkt.timestamp !== this.lastEventTs) {
        this.lastEventTs = pkt.timestamp;
        this.stats.dtmfReceived++;
        this.emit('dtmf', ev.key);
      }
      return;
    }
    this.emit('audio', pkt.payload, pkt);
    if (this.echo && !this.playing) {
      this.send(this.payloadType, pkt.payload, this.marker, this.ts);
      this.marker = false;
      this.ts = (this.ts + pkt.payload.length) >>> 0;
    }
  }

  private trackSequence(seq: number): void {
    if (this.firstSeq === undefined || this.highestSeq === undefined) {
      this.firstSeq = seq;
      this.highestSeq = seq;
    } else {
      // Extended sequence: a forward step of less than half the space counts as newer.
      const cur = this.highestSeq & 0xffff;
      const diff = (seq - cur + 0x10000) & 0xffff;
      if (diff > 0 && diff < 0x8000) this.highestSeq += diff;
    }
    const expected = this.highestSeq - this.firstSeq + 1;
    this.stats.packetsLost = Math.max(0, expected - this.stats.packetsReceived);
  }

  close(): void {
    if (this.closed) return;
    this.stop();
    this.dtmfQueue = [];
    this.dtmfOut = undefined;
    this.idleCheck();
    this.closed = true;
    rtpTotals.sessions++;
    rtpTotals.packetsLost += this.stats.packetsLost;
    rtpTotals.lateTicks += this.stats.lateTicks;
    this.socket.close();
  }
}
