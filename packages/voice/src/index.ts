/**
 * The voice engine's parts, free of the server: SIP (`sip/`: messages, transports, transactions,
 * dialogs, digest, user agents), media (`rtp/`, `sdp/`: RTP sessions on one 20 ms clock, RFC 4733
 * key presses, offer/answer) and audio (`audio/`: G.711 µ-law and A-law, WAV, resampling,
 * text-to-speech). The server's voice modules and the carrier simulator build on it.
 */
export * from './audio/index';
