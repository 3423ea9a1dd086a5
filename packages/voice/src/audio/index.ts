export * from './g711';
export * from './off-thread';
export * from './resample';
export * from './telephony';
export * from './tts';
export * from './wav';
