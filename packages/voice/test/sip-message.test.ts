import { describe, expect, it } from 'vitest';
import {
  bodyText,
  formatNameAddr,
  newBranch,
  parseCSeq,
  parseMessage,
  parseNameAddr,
  parseUri,
  parseVia,
  type SipRequest,
  StreamParser,
  serializeMessage,
  textBody,
} from '../src';

const enc = new TextEncoder();
const body = 'v=0\r\ns=通话\r\n';
const raw = [
  'INVITE sip:8613800000000@10.0.0.1:5060 SIP/2.0',
  'v: SIP/2.0/UDP 10.0.0.2:5070;branch=z9hG4bKabc;rport, SIP/2.0/TCP proxy.example:5060;branch=z9hG4bKdef',
  'Via: SIP/2.0/UDP third.example;branch=z9hG4bK3',
  'f: "张三, Sales" <sip:1000@10.0.0.2>;tag=aa',
  't: <sip:8613800000000@10.0.0.1>',
  'i: call-1@10.0.0.2',
  'CSeq: 1 INVITE',
  'm: <sip:1000@10.0.0.2:5070>',
  'Allow: INVITE, ACK,',
  ' BYE',
  'c: application/sdp',
  `l: ${enc.encode(body).length}`,
  '',
  body,
].join('\r\n');

describe('SIP messages', () => {
  it('parses compact forms, folded lines, list headers and a UTF-8 body measured in bytes', () => {
    const msg = parseMessage(enc.encode(raw)) as SipRequest;
    expect(msg.kind).toBe('request');
    expect(msg.method).toBe('INVITE');
    expect(msg.headers.getAll('via')).toHaveLength(3);
    expect(parseVia(msg.headers.getAll('via')[1]!)).toMatchObject({
      transport: 'TCP',
      host: 'proxy.example',
      port: 5060,
    });
    expect(msg.headers.getAll('allow')).toEqual(['INVITE', 'ACK', 'BYE']);
    expect(parseNameAddr(msg.headers.get('from')!)).toEqual({
      displayName: '张三, Sales',
      uri: 'sip:1000@10.0.0.2',
      params: { tag: 'aa' },
    });
    expect(msg.headers.get('call-id')).toBe('call-1@10.0.0.2');
    expect(bodyText(msg.body)).toBe(body);
    expect(body.length).toBeLessThan(msg.body.length); // bytes, not characters
  });

  it('serialises with full names, one line per value and Content-Length in bytes, and reads back the same', () => {
    const msg = parseMessage(enc.encode(raw));
    const out = serializeMessage(msg);
    const text = new TextDecoder().decode(out);
    expect(text).toContain(`Content-Length: ${enc.encode(body).length}\r\n`);
    expect(text).toContain('Call-ID: call-1@10.0.0.2');
    expect(text.match(/^Via: /gm)).toHaveLength(3);
    expect(text.startsWith('INVITE sip:8613800000000@10.0.0.1:5060 SIP/2.0\r\nVia:')).toBe(true);
    const again = parseMessage(out);
    expect(again.headers.entries()).toEqual(parseMessage(out).headers.entries());
    expect(bodyText(again.body)).toBe(body);
    expect(parseNameAddr(again.headers.get('from')!).displayName).toBe('张三, Sales');
  });

  it('refuses broken messages with a parse error', () => {
    expect(() => parseMessage(enc.encode('HELLO\r\n\r\n'))).toThrow(/request line/);
    expect(() => parseMessage(enc.encode('SIP/2.0 99 Odd\r\n\r\n'))).toThrow(/status line/);
    expect(() => parseMessage(enc.encode('OPTIONS sip:a SIP/2.0\r\nContent-Length: 10\r\n\r\nabc'))).toThrow(
      /shorter/,
    );
    expect(() => parseMessage(enc.encode('OPTIONS sip:a SIP/2.0\r\nno colon\r\n\r\n'))).toThrow(
      /header line/,
    );
  });

  it('frames a TCP stream split anywhere, skipping keep-alive CRLFs', () => {
    const one = serializeMessage(parseMessage(enc.encode(raw)));
    const stream = new Uint8Array([...enc.encode('\r\n\r\n'), ...one, ...one]);
    for (const cut of [1, 7, one.length - 1, one.length + 5]) {
      const p = new StreamParser();
      const got = [...p.push(stream.subarray(0, cut)), ...p.push(stream.subarray(cut))];
      expect(got).toHaveLength(2);
      expect(bodyText(got[1]!.body)).toBe(body);
    }
  });

  it('reads URIs, CSeq and name-addr, and makes strong RFC 3261 branches', () => {
    expect(parseUri('sip:+8613800000000@host.example:5080;transport=tcp')).toEqual({
      scheme: 'sip',
      user: '+8613800000000',
      host: 'host.example',
      port: 5080,
      params: { transport: 'tcp' },
    });
    expect(parseCSeq('42 bye')).toEqual({ seq: 42, method: 'BYE' });
    expect(formatNameAddr({ displayName: 'A "B"', uri: 'sip:x@y', params: { tag: '1' } })).toBe(
      '"A \\"B\\"" <sip:x@y>;tag=1',
    );
    const branches = new Set(Array.from({ length: 1000 }, newBranch));
    expect(branches.size).toBe(1000);
    for (const b of branches) expect(b).toMatch(/^z9hG4bK[0-9a-f]{24}$/);
    expect(textBody('é')).toHaveLength(2);
  });
});
