import {
  hasPlatformScope,
  type VoiceStatsDimension,
  type voiceHomeTotalsSchema,
  type voiceStatsQuerySchema,
  type voiceStatsSchema,
} from '@switchboard/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { dailySeries, homeAudienceOf, homePeriods, periodOf } from '../../platform/daily-stats';
import { AppError } from '../../platform/envelope';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import type { CallTaskRepo } from './repo';
import type { CallStatsFilters, RawCallFigures } from './stats-repo';
import { callFiguresOf, EMPTY_CALLS, minutesOf, sumCalls } from './stats-rules';

type StatsQuery = z.output<typeof voiceStatsQuerySchema>;
type Stats = z.output<typeof voiceStatsSchema>;
type HomeTotals = z.output<typeof voiceHomeTotalsSchema>;

/**
 * Call statistics from the daily roll-up (kept in the transactions that write and charge call
 * records, rebuilt on demand): by day, task and trunk (staff), in the caller's scope (a customer
 * its company, a reseller its company and those below, staff all), cost and margin for staff
 * only; and the voice figures of the home dashboards.
 */
export class CallStatsService {
  constructor(
    private readonly repo: CallTaskRepo,
    private readonly services: Pick<Services, 'companies' | 'trunks'>,
    private readonly currency: string,
    private readonly log: Logger,
  ) {}

  private async filtersOf(auth: AuthContext, query: StatsQuery, staff: boolean): Promise<CallStatsFilters> {
    if (query.trunkId && !staff) throw new AppError('VOICE_STATS_STAFF_ONLY', 403, { field: 'trunkId' });
    const scope = await this.services.companies.assertInScope(auth, query.companyId ? [query.companyId] : []);
    return {
      ...periodOf(query.dateFrom, query.dateTo),
      scope,
      companyId: query.companyId,
      taskId: query.taskId,
      trunkId: query.trunkId,
    };
  }

  private async namesOf(dimension: VoiceStatsDimension, keys: string[]): Promise<Map<string, string>> {
    if (dimension === 'task') return this.repo.taskNames(keys);
    if (dimension === 'trunk') {
      const wanted = new Set(keys);
      const trunks = await this.services.trunks.options();
      return new Map(trunks.filter((t) => wanted.has(t.id)).map((t) => [t.id, t.name]));
    }
    return new Map();
  }

  /**
   * Figures by day (every day of the period has a row), task or trunk (staff only: trunks are
   * the platform's; else VOICE_STATS_STAFF_ONLY, 403), with the period's totals.
   */
  async analysis(auth: AuthContext, dimension: VoiceStatsDimension, query: StatsQuery): Promise<Stats> {
    const staff = hasPlatformScope(auth.roles);
    if (dimension === 'trunk' && !staff) throw new AppError('VOICE_STATS_STAFF_ONLY', 403);
    const filters = await this.filtersOf(auth, query, staff);
    let raw = await this.repo.stats.figures(filters, dimension);
    if (dimension === 'day') raw = dailySeries(raw, filters, EMPTY_CALLS);
    const names = await this.namesOf(
      dimension,
      raw.map((r) => r.key).filter((k) => k !== ''),
    );
    // The totals of every group, also those past the busiest the rows show.
    const totals =
      dimension === 'day' ? sumCalls(raw) : sumCalls(await this.repo.stats.figures(filters, 'day'));
    return {
      dimension,
      dateFrom: filters.from,
      dateTo: filters.to,
      rows: raw.map((r) => ({
        key: r.key,
        name: names.get(r.key) ?? r.key,
        ...callFiguresOf(r, staff),
      })),
      totals: callFiguresOf(totals, staff),
      staff,
      currency: this.currency,
    };
  }

  /**
   * The home dashboards' voice figures: today, this month and the last 30 days of the caller's
   * company (a customer), of the companies below it (a reseller) or of every company in its
   * scope (staff, with the margin).
   */
  async homeTotals(auth: AuthContext): Promise<HomeTotals> {
    const dataScope = await this.services.companies.dataScopeOf(auth);
    const { scope, staff, exclude } = homeAudienceOf(auth, dataScope);
    const { today, monthStart, seriesStart, from } = homePeriods();
    const raw = await this.repo.stats.figures({ from, to: today, scope: dataScope, exclude }, 'day');
    const period = (rows: RawCallFigures[]) => {
      const f = callFiguresOf(sumCalls(rows), staff);
      return {
        calls: f.calls,
        answered: f.answered,
        answerRate: f.answerRate,
        minutes: minutesOf(f.talkS * 1000),
        spend: f.revenue,
        margin: f.margin,
      };
    };
    return {
      scope,
      today: period(raw.filter((r) => r.key === today)),
      month: period(raw.filter((r) => r.key >= monthStart)),
      series: dailySeries(raw, { from: seriesStart, to: today }, EMPTY_CALLS).map((r) => ({
        day: r.key,
        calls: r.calls,
        answered: r.answered,
        minutes: minutesOf(r.talkMs),
        spend: r.revenue,
      })),
      currency: this.currency,
    };
  }

  /** Computes the roll-up of these days again from the call records (see DailyRollup.rebuild). */
  rebuild(dateFrom: Date, dateTo: Date): Promise<{ days: number; rows: number }> {
    return this.repo.stats.rollup.rebuild(dateFrom, dateTo, this.log);
  }
}
