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
import {
  decodeEvent,
  decodeRtp,
  encodeEvent,
  encodeRtp,
  type RtpPacket,
  type TelephoneEvent,
} from './packet';

export const FRAME_BYTES = 160;
/**
 * Relayed audio waiting for the clock: at most this many frames (100 ms); older ones are dropped,
 * so a burst from the other leg never builds up delay.
 */
export const RELAY_MAX_FRAMES = 5;
/** A relayed key press whose end packet never came stops holding back audio after this many ticks. */
const RELAY_EVENT_HOLD_TICKS = 10;
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
  /** Every RFC 4733 packet received (the key's first, updates and end packets alike). */
  event: [event: TelephoneEvent, packet: RtpPacket];
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
  /** Relay mode (a bridge): frames and key events from the other leg, sent on the clock. */
  private relaying = false;
  private relayQueue: Uint8Array[] = [];
  private relayEvents: { event: TelephoneEvent; sourceTs: number }[] = [];
  private relayedKey?: { sourceTs: number; ts: number; ended: boolean; idleTicks: number };
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

  /**
   * Relay mode (what a bridge of two calls sets): the session stays on the media clock and sends,
   * one per tick, the frames `relay()` queued (of this session's codec), and passes on the key
   * events `relayEvent()` queued. Off again: what is queued is dropped.
   */
  setRelaying(on: boolean): void {
    this.relaying = on;
    if (on) this.run();
    else {
      this.relayQueue = [];
      this.relayEvents = [];
      this.relayedKey = undefined;
      this.idleCheck();
    }
  }

  /** Queues a frame from the other leg (already in this session's codec); sent on the next free tick. */
  relay(payload: Uint8Array): void {
    if (!this.relaying || this.closed) return;
    this.relayQueue.push(payload);
    if (this.relayQueue.length > RELAY_MAX_FRAMES) this.relayQueue.shift();
  }

  /**
   * Passes on an RFC 4733 packet from the other leg: restamped as this stream (one timestamp per
   * event, as the source's packets share one), its key, end bit, volume and duration as they came.
   * Dropped when this leg negotiated no telephone-event.
   */
  relayEvent(event: TelephoneEvent, sourceTs: number): void {
    if (!this.relaying || this.closed || this.dtmfPt === undefined) return;
    this.relayEvents.push({ event, sourceTs });
  }

  private run(): void {
    this.unsubscribe ??= this.clock.subscribe((late) => this.tick(late));
  }

  private idleCheck(): void {
    if (!this.playing && !this.relaying && !this.dtmfOut && this.dtmfQueue.length === 0 && this.unsubscribe) {
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
    if (this.relayEvents.length > 0) {
      this.sendRelayedEvents();
      return;
    }
    const held =
      this.relayedKey && !this.relayedKey.ended && ++this.relayedKey.idleTicks < RELAY_EVENT_HOLD_TICKS;
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
    } else if (this.relaying) {
      const frame = this.relayQueue.shift();
      // While a relayed key is down, its audio is not sent (the source sends events instead).
      if (frame && !held) {
        this.send(this.payloadType, frame, this.marker, this.ts);
        this.marker = false;
        this.ts = (this.ts + frame.length) >>> 0;
      }
    }
    if (p) this.relayQueue = [];
    this.idleCheck();
  }

  /** The key event packets queued by `relayEvent()`, all in this tick. */
  private sendRelayedEvents(): void {
    for (const { event, sourceTs } of this.relayEvents.splice(0)) {
      let first = false;
      let e = this.relayedKey;
      if (!e || e.sourceTs !== sourceTs) {
        e = { sourceTs, ts: this.ts, ended: false, idleTicks: 0 };
        this.relayedKey = e;
        first = true;
      }
      e.idleTicks = 0;
      this.send(this.dtmfPt!, encodeEvent(event), first, e.ts);
      if (event.end && !e.ended) {
        e.ended = true;
        // Audio goes on after the key, stamped past its duration.
        this.ts = (e.ts + Math.max(event.duration, FRAME_BYTES)) >>> 0;
        this.marker = true;
      }
    }
    this.relayQueue = [];
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
      if (ev) this.emit('event', ev, pkt);
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
    this.relaying = false;
    this.relayQueue = [];
    this.relayEvents = [];
    this.idleCheck();
    this.closed = true;
    rtpTotals.sessions++;
    rtpTotals.packetsLost += this.stats.packetsLost;
    rtpTotals.lateTicks += this.stats.lateTicks;
    this.socket.close();
  }
}
