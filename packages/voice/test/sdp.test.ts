import { describe, expect, it } from 'vitest';
import { acceptAnswer, answerOffer, buildSdp, parseSdp, SdpError } from '../src';

describe('SDP offer/answer', () => {
  it('offers PCMU, PCMA and telephone-event 101', () => {
    const offer = buildSdp({ address: '10.0.0.2', port: 40000, sessionId: 7 });
    expect(offer).toContain('m=audio 40000 RTP/AVP 0 8 101\r\n');
    expect(offer).toContain('a=rtpmap:101 telephone-event/8000\r\n');
    const d = parseSdp(offer);
    expect(d).toMatchObject({
      address: '10.0.0.2',
      port: 40000,
      payloads: [0, 8, 101],
      direction: 'sendrecv',
      ptime: 20,
    });
  });

  it('the answerer picks its preferred codec and keeps the offer’s telephone-event type', () => {
    const offer = [
      'v=0',
      'o=- 1 1 IN IP4 10.0.0.9',
      's=-',
      'c=IN IP4 10.0.0.9',
      't=0 0',
      'm=audio 30000 RTP/AVP 8 0 96',
      'a=rtpmap:96 telephone-event/8000',
      '',
    ].join('\r\n');
    const { sdp, media } = answerOffer(offer, { address: '10.0.0.1', port: 20000, prefer: ['PCMA', 'PCMU'] });
    expect(media).toEqual({
      address: '10.0.0.9',
      port: 30000,
      codec: 'PCMA',
      payloadType: 8,
      dtmfPayloadType: 96,
    });
    expect(sdp).toContain('m=audio 20000 RTP/AVP 8 96\r\n');
    expect(acceptAnswer(sdp)).toEqual({
      address: '10.0.0.1',
      port: 20000,
      codec: 'PCMA',
      payloadType: 8,
      dtmfPayloadType: 96,
    });
  });

  it('the offerer takes the media-level c= over the session one, and works without telephone-event', () => {
    const answer = [
      'v=0',
      'c=IN IP4 1.1.1.1',
      'm=audio 5004 RTP/AVP 0',
      'c=IN IP4 2.2.2.2',
      'a=sendonly',
      '',
    ].join('\n');
    expect(acceptAnswer(answer)).toEqual({ address: '2.2.2.2', port: 5004, codec: 'PCMU', payloadType: 0 });
    expect(parseSdp(answer).direction).toBe('sendonly');
    const { sdp } = answerOffer(answer, { address: '3.3.3.3', port: 6000 });
    expect(sdp).toContain('m=audio 6000 RTP/AVP 0\r\n');
    expect(sdp).not.toContain('101');
  });

  it('refuses offers with nothing in common (a 488 for the caller)', () => {
    const g729 = 'v=0\r\nc=IN IP4 1.1.1.1\r\nm=audio 5004 RTP/AVP 18\r\na=rtpmap:18 G729/8000\r\n';
    expect(() => answerOffer(g729, { address: '1.1.1.2', port: 6000 })).toThrow(SdpError);
    expect(() => parseSdp('v=0\r\n')).toThrow(/no audio/);
    expect(() => parseSdp('v=0\r\nm=audio 5004 RTP/AVP 0\r\n')).toThrow(/connection/);
  });
});
