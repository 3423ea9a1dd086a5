/** A per-call record of every SIP message sent and received, for the CLI test and debugging. */
import { bodyText, type SipMessage, serializeMessage } from './message';
import type { Peer } from './transport';

export interface TraceEntry {
  /** Milliseconds since the trace began. */
  atMs: number;
  dir: 'out' | 'in';
  peer: string;
  /** The start line: `INVITE sip:...`, `180 Ringing`. */
  summary: string;
  /** The whole message as text (UTF-8). */
  text: string;
}

export function summaryOf(msg: SipMessage): string {
  return msg.kind === 'request' ? `${msg.method} ${msg.uri}` : `${msg.status} ${msg.reason}`;
}

export class CallTrace {
  readonly entries: TraceEntry[] = [];
  private readonly started = performance.now();

  add(dir: 'out' | 'in', msg: SipMessage, peer: Peer): void {
    this.entries.push({
      atMs: Math.round(performance.now() - this.started),
      dir,
      peer: `${peer.transport}:${peer.host}:${peer.port}`,
      summary: summaryOf(msg),
      text: bodyText(serializeMessage(msg)),
    });
  }

  /** One line per message: `+120ms → INVITE sip:...`. */
  lines(): string[] {
    return this.entries.map((e) => `+${e.atMs}ms ${e.dir === 'out' ? '→' : '←'} ${e.summary}`);
  }
}
