import { CALLEE_REPORT_TYPE, g711Encode, HeardAudio, parseCalleeReport } from '@switchboard/voice';
import { describe, expect, it } from 'vitest';
import { classifyProbe } from '../src/modules/voice-tools';

describe('number-status classification', () => {
  it('takes ringing and answers as reachable, and the refusals by their code', () => {
    expect(classifyProbe({ status: 'reachable', sipCode: 180 })).toEqual({
      status: 'reachable',
      nextTrunk: false,
      error: null,
    });
    expect(classifyProbe({ status: 'reachable', sipCode: 183 }).status).toBe('reachable');
    expect(classifyProbe({ status: 'reachable', sipCode: 200 }).status).toBe('reachable');
    for (const [code, status] of [
      [486, 'busy'],
      [600, 'busy'],
      [404, 'vacant'],
      [484, 'vacant'],
      [410, 'vacant'],
      [604, 'vacant'],
      [480, 'unavailable'],
      [487, 'unavailable'],
      [603, 'unavailable'],
    ] as const) {
      expect(classifyProbe({ status: 'failed', sipCode: code }), String(code)).toEqual({
        status,
        nextTrunk: false,
        error: null,
      });
    }
  });

  it('sends a trunk failure on to the next trunk: no answer at all, 408, 5xx', () => {
    expect(classifyProbe({ status: 'failed' })).toEqual({
      status: 'failed',
      nextTrunk: true,
      error: 'TRUNK_ERROR',
    });
    expect(classifyProbe({ status: 'unavailable', sipCode: 408 })).toMatchObject({
      status: 'unavailable',
      nextTrunk: true,
    });
    expect(classifyProbe({ status: 'unavailable', sipCode: 503 })).toMatchObject({
      status: 'unavailable',
      nextTrunk: true,
    });
    expect(classifyProbe({ status: 'failed', sipCode: 500 })).toEqual({
      status: 'failed',
      nextTrunk: true,
      error: 'SIP_500',
    });
    // A ring time-out without any 18x (our CANCEL): unavailable, the number's, not the trunk's.
    expect(classifyProbe({ status: 'unavailable' })).toEqual({
      status: 'unavailable',
      nextTrunk: false,
      error: null,
    });
    // Another 4xx the table does not name: the number could not be checked.
    expect(classifyProbe({ status: 'failed', sipCode: 488 })).toEqual({
      status: 'failed',
      nextTrunk: false,
      error: 'SIP_488',
    });
  });
});

describe('callee reports', () => {
  it('reads a report of its type only, bounding what it takes', () => {
    const body = JSON.stringify({
      from: '4420700000009',
      displayName: null,
      assertedIdentity: '<sip:+4420700000009@carrier>',
      to: '8613800000000',
      codec: 'PCMA',
      keys: '12#',
      audioPackets: 100,
      audioMs: 2000,
      levelDbfs: -13.04,
    });
    expect(parseCalleeReport(`${CALLEE_REPORT_TYPE}; charset=utf-8`, body)).toEqual({
      from: '4420700000009',
      displayName: null,
      assertedIdentity: '<sip:+4420700000009@carrier>',
      to: '8613800000000',
      codec: 'PCMA',
      keys: '12#',
      audioPackets: 100,
      audioMs: 2000,
      levelDbfs: -13,
    });
    expect(parseCalleeReport('application/sdp', body)).toBeUndefined();
    expect(parseCalleeReport(undefined, body)).toBeUndefined();
    expect(parseCalleeReport(CALLEE_REPORT_TYPE, 'not json')).toBeUndefined();
    expect(parseCalleeReport(CALLEE_REPORT_TYPE, '[1]')).toMatchObject({ from: '', audioPackets: 0 });
    expect(parseCalleeReport(CALLEE_REPORT_TYPE, '{"audioPackets":-5,"levelDbfs":"loud"}')).toMatchObject({
      audioPackets: 0,
      levelDbfs: null,
    });
  });

  it('measures what was heard: packets, length and level', () => {
    const heard = new HeardAudio();
    expect(heard.levelDbfs).toBeNull();
    // A full-scale square wave is 0 dBFS RMS; half scale about -6.
    const half = new Int16Array(160).map((_, i) => (i % 2 ? 16384 : -16384));
    for (let i = 0; i < 10; i++) heard.add(g711Encode(half, 'PCMU'), 'PCMU');
    expect(heard.packets).toBe(10);
    expect(heard.ms).toBe(200);
    expect(heard.levelDbfs!).toBeCloseTo(-6, 0);
    const silent = new HeardAudio();
    silent.add(new Uint8Array(160).fill(0xff), 'PCMU');
    expect(silent.levelDbfs!).toBeLessThan(-60);
  });
});
