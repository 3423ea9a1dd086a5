import { pino } from 'pino';

/** The process's one logger (Fastify's request logger is a child of it). */
export type Logger = pino.Logger;

export function createLogger(level: string, enabled = true): Logger {
  return pino({ level: enabled ? level : 'silent' });
}
