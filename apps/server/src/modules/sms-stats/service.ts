import {
  hasPlatformScope,
  hasResellerScope,
  type homeTotalsSchema,
  type SmsAnalysisDimension,
  type SmsKind,
  type smsAnalysisQuerySchema,
  type smsAnalysisSchema,
} from '@switchboard/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { dailySeries, dayKey, homeAudienceOf, homePeriods, periodOf } from '../../platform/daily-stats';
import type { Db } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { type RawFigures, SmsStatsRepo, type StatsFilters } from './repo';
import { EMPTY_RAW, figuresOf, sumRaw } from './rules';

type AnalysisQuery = z.output<typeof smsAnalysisQuerySchema>;
type Analysis = z.output<typeof smsAnalysisSchema>;
type HomeTotals = z.output<typeof homeTotalsSchema>;

/**
 * SMS statistics: the daily roll-up (kept in the transactions that make messages final, rebuilt
 * on demand), the analysis by day, country, gateway and company, the home dashboards' totals and
 * the recent delivery rates the routing module ranks gateways by.
 */
export class SmsStatsService {
  readonly repo: SmsStatsRepo;

  constructor(
    db: Db,
    private readonly services: Pick<Services, 'companies' | 'gateways' | 'ledger'>,
    private readonly currency: string,
    private readonly log: Logger,
  ) {
    this.repo = new SmsStatsRepo(db);
  }

  /** Adds messages that just became final (called by the sms module inside that transaction). */
  addFinal(messages: { id: string; createdAt: Date }[]): Promise<void> {
    return this.repo.addFinal(messages);
  }

  /** Computes the roll-up of these days again from the messages (see DailyRollup.rebuild). */
  rebuild(dateFrom: Date, dateTo: Date): Promise<{ days: number; rows: number }> {
    return this.repo.rollup.rebuild(dateFrom, dateTo, this.log);
  }

  /**
   * Recent delivery figures per gateway for a country (the routing module's `/recommend`): final
   * messages each gateway took since the UTC day of `since`, and those delivered.
   */
  async deliveryRates(
    countryCode: string,
    since: Date,
    kind?: SmsKind,
  ): Promise<Map<string, { sent: number; delivered: number }>> {
    const rows = await this.repo.deliveryRates(countryCode.toUpperCase(), dayKey(since), kind);
    return new Map(rows.map((r) => [r.gatewayId, { sent: r.sent, delivered: r.delivered }]));
  }

  private async filtersOf(auth: AuthContext, query: AnalysisQuery): Promise<StatsFilters> {
    const scope = await this.services.companies.scopeFor(auth, query.companyId);
    const staff = hasPlatformScope(auth.roles);
    return {
      ...periodOf(query.dateFrom, query.dateTo),
      scope,
      kind: query.kind,
      companyId: query.companyId,
      countryCode: query.countryCode,
      // Gateways are the platform's business.
      gatewayId: staff ? query.gatewayId : undefined,
    };
  }

  /** Names of the rows' keys: gateways (staff) and companies. */
  private async namesOf(
    auth: AuthContext,
    dimension: SmsAnalysisDimension,
    keys: string[],
  ): Promise<Map<string, string>> {
    const ids = keys.filter((k) => k !== '');
    if (dimension === 'company') return this.services.companies.namesOf(ids);
    if (dimension === 'gateway' && hasPlatformScope(auth.roles) && this.services.gateways && ids.length > 0) {
      return this.services.gateways.namesOf(ids);
    }
    return new Map();
  }

  /**
   * Figures by day, country, gateway or company in the caller's scope (a customer its own
   * company, a reseller its company and those below, staff all). Only staff see gateways: for
   * everyone else `gateway` groups every message under one row without a name. By day, every day
   * of the period has a row.
   */
  async analysis(
    auth: AuthContext,
    dimension: SmsAnalysisDimension,
    query: AnalysisQuery,
  ): Promise<Analysis> {
    const staff = hasPlatformScope(auth.roles);
    const filters = await this.filtersOf(auth, query);
    const grouping = dimension === 'gateway' && !staff ? 'gateway' : dimension;
    let raw = await this.repo.figures(filters, grouping);
    if (dimension === 'gateway' && !staff) raw = raw.length > 0 ? [{ ...sumRaw(raw), key: '' }] : [];
    if (dimension === 'day') raw = dailySeries(raw, filters, EMPTY_RAW);
    const names = await this.namesOf(
      auth,
      dimension,
      raw.map((r) => r.key),
    );
    const rows = raw.map((r) => ({
      key: r.key,
      name: names.get(r.key) ?? r.key,
      ...figuresOf(r, staff),
    }));
    if (dimension === 'company' || dimension === 'gateway')
      rows.sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
    return {
      dimension,
      dateFrom: filters.from,
      dateTo: filters.to,
      rows,
      totals: figuresOf(sumRaw(raw), staff),
      staff,
      commission: await this.resellerCommission(auth),
      currency: this.currency,
    };
  }

  /** A reseller's commission balance (null for staff and customers). */
  private async resellerCommission(auth: AuthContext): Promise<bigint | null> {
    const own = auth.user.companyId;
    if (!own || hasPlatformScope(auth.roles) || !hasResellerScope(auth.roles)) return null;
    return (await this.services.ledger.balanceOf(own)).commission;
  }

  /**
   * The home dashboard: today's and this month's figures and the last 30 days, of the caller's
   * company (a customer), of the companies below it (a reseller, with its commission balance) or
   * of every company in its scope (staff); the balance of the caller's own company.
   */
  async homeTotals(auth: AuthContext): Promise<HomeTotals> {
    const dataScope = await this.services.companies.dataScopeOf(auth);
    const { scope, own, reseller, exclude } = homeAudienceOf(auth, dataScope);
    const { today, monthStart, seriesStart, from } = homePeriods();
    const raw = await this.repo.figures({ from, to: today, scope: dataScope, exclude }, 'day');
    const earned = (day: string) =>
      reseller && own
        ? this.services.ledger.commissionEarnedSince(own, new Date(`${day}T00:00:00Z`))
        : Promise.resolve(null);
    const [balance, todayEarned, monthEarned] = await Promise.all([
      own ? this.services.ledger.balanceOf(own) : undefined,
      earned(today),
      earned(monthStart),
    ]);
    const period = (rows: RawFigures[], commission: bigint | null) => {
      const f = figuresOf(sumRaw(rows), false);
      return {
        sent: f.total,
        delivered: f.delivered,
        deliveryRate: f.deliveryRate,
        spend: f.revenue,
        commission,
      };
    };
    return {
      scope,
      today: period(
        raw.filter((r) => r.key === today),
        todayEarned,
      ),
      month: period(
        raw.filter((r) => r.key >= monthStart),
        monthEarned,
      ),
      balance: balance ? balance.balance : null,
      commission: reseller && balance ? balance.commission : null,
      currency: this.currency,
      series: dailySeries(raw, { from: seriesStart, to: today }, EMPTY_RAW).map((r) => ({
        day: r.key,
        sent: r.messages + r.pending,
        delivered: r.delivered,
        spend: r.revenue,
      })),
    };
  }
}
