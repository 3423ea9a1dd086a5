/**
 * The voice engine's parts, free of the server: SIP (`sip/`: messages, transports, transactions,
 * dialogs, digest, user agents), media (`rtp/`, `sdp/`: RTP sessions on one 20 ms clock, RFC 4733
 * key presses, offer/answer) and audio (`audio/`: G.711 µ-law and A-law, WAV, resampling,
 * text-to-speech). The server's voice modules and the carrier simulator build on it.
 */

export * from './audio/index';
export * from './rtp/bridge';
export * from './rtp/call-media';
export * from './rtp/clock';
export * from './rtp/packet';
export * from './rtp/session';
export * from './sdp/sdp';
export * from './sip/callee-report';
export * from './sip/client-call';
export * from './sip/core';
export * from './sip/digest';
export * from './sip/fields';
export * from './sip/message';
export * from './sip/probe';
export * from './sip/registration';
export * from './sip/server-call';
export * from './sip/stack';
export * from './sip/trace';
export * from './sip/transaction';
export * from './sip/transport';
