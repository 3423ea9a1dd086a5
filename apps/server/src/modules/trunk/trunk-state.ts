import { TRUNK_STATE_MESSAGE, type TrunkLiveState, type trunkStateSchema } from '@switchboard/contracts';
import type { z } from 'zod';
import { type Db, withTransaction } from '../../platform/db';
import type { Platform, Services } from '../../platform/module';
import type { TrunkCallRepo } from './calls-repo';
import { type GatewayNotifySettings, type GatewayNotifyStore, trunkNoticeOf } from './notify';
import type { TrunkRepo, TrunkRow } from './repo';
import { TrunkStateRepo, type TrunkStateRow } from './state-repo';

export type TrunkStateView = z.output<typeof trunkStateSchema>;

/** A state row not renewed for this long belongs to a process that is gone. */
export const TRUNK_STATE_STALE_MS = 90_000;

/** What a monitor check found: registered (REGISTER accepted), reachable (OPTIONS answered) or unreachable. */
export interface TrunkCheck {
  state: 'registered' | 'reachable' | 'unreachable';
  /** Why it is unreachable (or a refused registration's answer). */
  error: string | null;
}

const UP_STATES: ReadonlySet<string> = new Set(['registered', 'reachable']);

/**
 * The trunks' live state: kept by the monitor of a worker process (one process holds a trunk's
 * lease at a time), read by staff and pushed to them, with a notice to the operators when a
 * trunk goes down or comes back (gateway notify).
 */
export class TrunkStates {
  readonly repo: TrunkStateRepo;

  constructor(
    private readonly db: Db,
    private readonly trunks: TrunkRepo,
    private readonly calls: TrunkCallRepo,
    private readonly notifySettings: GatewayNotifyStore,
    private readonly announcements: Services['announcements'],
    private readonly platform: Platform,
    /** A recorded check changes which trunks routing takes for down. */
    private readonly onRecorded: () => void,
  ) {
    this.repo = new TrunkStateRepo(db);
  }

  /** The live state of every trunk (disabled ones included). */
  async states(now = new Date()): Promise<TrunkStateView[]> {
    const [rows, states, callsUp] = await Promise.all([
      this.trunks.allTrunks(),
      this.repo.states(),
      this.calls.callsUp(),
    ]);
    return rows.map((row) =>
      trunkStateOf(
        row,
        states.find((s) => s.trunkId === row.id),
        callsUp.get(row.id) ?? 0,
        now,
      ),
    );
  }

  async stateOf(trunkId: string, now = new Date()): Promise<TrunkStateView | undefined> {
    const row = await this.trunks.trunk(trunkId);
    if (!row) return undefined;
    const callsUp = (await this.calls.callsUp(trunkId)).get(trunkId) ?? 0;
    return trunkStateOf(row, await this.repo.stateOf(trunkId), callsUp, now);
  }

  /** The trunks the monitor found unreachable, by rows still fresh: routing tries them last. */
  async down(now = Date.now()): Promise<Set<string>> {
    const states = await this.repo.states();
    return new Set(
      states.filter((s) => s.state === 'unreachable' && isFresh(s.seenAt, now)).map((s) => s.trunkId),
    );
  }

  // --- for the monitor ---

  allTrunks(): Promise<TrunkRow[]> {
    return this.trunks.allTrunks();
  }

  /** Takes or renews the monitoring lease of a trunk; whether this owner holds it. */
  claim(trunkId: string, owner: string, now = new Date()): Promise<boolean> {
    return this.repo.claim(trunkId, owner, now, new Date(now.getTime() - TRUNK_STATE_STALE_MS));
  }

  release(trunkId: string, owner: string): Promise<void> {
    return this.repo.release(trunkId, owner);
  }

  /**
   * Records a check of a trunk this owner monitors: the state (its `since` kept while it does not
   * change), pushed to staff; the run of failed checks, and the operators told as the gateway
   * notify settings say (trunkNoticeOf): a trunk down after that many failed checks in a row
   * (urgent), back when a check answers after that, in both languages, to the roles chosen.
   */
  async recordCheck(trunkId: string, owner: string, check: TrunkCheck, now = new Date()): Promise<void> {
    const settings = await this.notifySettings.get();
    await withTransaction(
      this.db,
      async () => {
        const [before, trunk] = await Promise.all([this.repo.stateOf(trunkId), this.trunks.trunk(trunkId)]);
        if (!before || before.owner !== owner || !trunk) return;
        const changed = before.state !== check.state;
        const since = changed ? now : before.since;
        const run = trunkNoticeOf(before, check.state === 'unreachable', settings.downAfterChecks);
        await this.repo.putState(trunkId, owner, {
          state: check.state,
          lastError: check.error?.slice(0, 500) ?? (check.state === 'unreachable' ? before.lastError : null),
          since,
          checkedAt: now,
          seenAt: now,
          fails: run.fails,
          outage: run.outage,
        });
        if (run.notice === 'down' && settings.down) await this.notify(trunk, 'down', check, since, settings);
        if (run.notice === 'up' && settings.up) await this.notify(trunk, 'up', check, since, settings);
      },
      this.platform.log,
    );
    this.onRecorded();
    await this.publish(trunkId);
  }

  /** A trunk's state to staff (realtime). */
  async publish(trunkId: string): Promise<void> {
    const state = await this.stateOf(trunkId);
    if (!state) return;
    await this.platform.realtime.publish(
      { kind: 'roles', roleCodes: ['admin'] },
      { cmd: 'topic', msgId: TRUNK_STATE_MESSAGE, msgTxt: JSON.stringify(state) },
    );
  }

  private async notify(
    trunk: TrunkRow,
    how: 'down' | 'up',
    check: TrunkCheck,
    since: Date,
    settings: GatewayNotifySettings,
  ): Promise<void> {
    const values = {
      name: trunk.name,
      host: `${trunk.host}:${trunk.port}`,
      since: since.toISOString().replace('T', ' ').slice(0, 19),
      error: check.error ?? '-',
    };
    // A trunk going down is an operator's alarm (pops up); coming back is a routine notice.
    await this.announcements.publishNotice(
      null,
      { roleCodes: settings.roleCodes },
      how === 'down'
        ? { title: 'TRUNK_DOWN_TITLE', text: 'TRUNK_DOWN_TEXT', params: values, urgent: true }
        : { title: 'TRUNK_UP_TITLE', text: 'TRUNK_UP_TEXT', params: values },
    );
  }
}

/** Whether a state row is still renewed by a live process (see TRUNK_STATE_STALE_MS). */
export function isFresh(seenAt: Date, now: number): boolean {
  return now - seenAt.getTime() < TRUNK_STATE_STALE_MS;
}

/**
 * A trunk's state: disabled; else the monitor's last finding while its row is fresh (unknown when
 * none is, e.g. no worker monitors it); `callsUp`: the live calls on it in every process.
 */
export function trunkStateOf(
  row: TrunkRow,
  state: TrunkStateRow | undefined,
  callsUp: number,
  now: Date,
): TrunkStateView {
  const base = { trunkId: row.id, callsUp, maxCalls: row.maxCalls };
  if (!row.enabled)
    return { ...base, state: 'disabled', lastError: null, since: row.updatedAt, checkedAt: null };
  if (!state || !isFresh(state.seenAt, now.getTime()))
    return {
      ...base,
      state: 'unknown',
      lastError: state?.lastError ?? null,
      since: null,
      checkedAt: state?.checkedAt ?? null,
    };
  return {
    ...base,
    state: state.state as TrunkLiveState,
    lastError: UP_STATES.has(state.state) ? null : state.lastError,
    since: state.since,
    checkedAt: state.checkedAt,
  };
}
