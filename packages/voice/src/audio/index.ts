export * from './g711';
export * from './resample';
export * from './telephony';
export * from './tts';
export * from './wav';
