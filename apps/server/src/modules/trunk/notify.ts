import { GATEWAY_NOTIFY_DEFAULT, gatewayNotifySchema } from '@switchboard/contracts';
import type { z } from 'zod';
import type { Services } from '../../platform/module';

export type GatewayNotifySettings = z.output<typeof gatewayNotifySchema>;

/** The settings key of the gateway notify settings (JSON). */
export const GATEWAY_NOTIFY_KEY = 'voice.gatewayNotify';

/** The most failed checks in a row a trunk's state counts (beyond, it stays at this). */
const FAILS_CAP = 1_000_000;

/** A trunk's run of failed checks, as its state row keeps it. */
export interface FailRun {
  /** Failed checks in a row (0 after a check that answered). */
  fails: number;
  /** The run reached the settings' threshold: the trunk counts as down (told so, if down notices are on). */
  outage: boolean;
}

/**
 * The notice rule of one check: a failed check adds to the run; the check that makes the run
 * reach `downAfterChecks` starts an outage (notice `down`, once per outage); a check that answers
 * ends the run, and an outage with notice `up`. A trunk that failed fewer checks than the
 * threshold and answered again is told neither down nor back.
 */
export function trunkNoticeOf(
  before: FailRun,
  failed: boolean,
  downAfterChecks: number,
): FailRun & { notice: 'down' | 'up' | null } {
  if (!failed) return { fails: 0, outage: false, notice: before.outage ? 'up' : null };
  const fails = Math.min(before.fails + 1, FAILS_CAP);
  if (!before.outage && fails >= downAfterChecks) return { fails, outage: true, notice: 'down' };
  return { fails, outage: before.outage, notice: null };
}

/**
 * The gateway notify settings (`/voip/gatewayNotify`), kept in the platform settings as JSON;
 * the defaults (GATEWAY_NOTIFY_DEFAULT) until an operator saves them, and also when what is
 * stored no longer reads as settings.
 */
export class GatewayNotifyStore {
  constructor(private readonly settings: Services['settings']) {}

  async get(): Promise<GatewayNotifySettings> {
    const text = await this.settings.get(GATEWAY_NOTIFY_KEY);
    if (text === undefined) return GATEWAY_NOTIFY_DEFAULT;
    try {
      const parsed = gatewayNotifySchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : GATEWAY_NOTIFY_DEFAULT;
    } catch {
      return GATEWAY_NOTIFY_DEFAULT;
    }
  }

  async set(value: GatewayNotifySettings): Promise<GatewayNotifySettings> {
    const stored: GatewayNotifySettings = { ...value, roleCodes: [...new Set(value.roleCodes)].sort() };
    await this.settings.set(GATEWAY_NOTIFY_KEY, JSON.stringify(stored));
    return stored;
  }
}
