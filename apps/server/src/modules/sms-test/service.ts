import type { PageQuery, SmsStatus, SmsTestRecordOut } from '@switchboard/contracts';
import type { AuthContext } from '../../platform/access';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import { PLATFORM_COMPANY_ID } from '../sms';
import { type SmsTestRecordRow, SmsTestRepo } from './repo';

/**
 * The administrators' test tool: a test message is an ordinary message of the platform (kind
 * notification, source system, charged to no one) accepted by the sms module with a forced gateway
 * (routing bypassed); the dispatchers submit it through `gateways.submit` and the sms module's
 * receipt handler settles it, so the trace (accepted → sent with the gateway's ids → receipt) is
 * the message's own life, not a copy of it.
 */
export class SmsTestService {
  private readonly repo: SmsTestRepo;

  constructor(
    db: Db,
    private readonly services: Pick<Services, 'gateways' | 'sms'>,
  ) {
    this.repo = new SmsTestRepo(db);
  }

  async send(
    auth: AuthContext,
    input: { gatewayId: string; to: string; text: string },
  ): Promise<SmsTestRecordOut> {
    const gateway = await this.services.gateways.get(input.gatewayId);
    if (!gateway) throw new AppError('NOT_FOUND', 404);
    const result = await this.services.sms.accept({
      companyId: PLATFORM_COMPANY_ID,
      userId: auth.user.id,
      kind: 'notification',
      source: 'system',
      platform: true,
      forcedGatewayId: gateway.id,
      recipients: [{ number: input.to }],
      text: input.text,
    });
    const message = result.messages[0]!;
    const row = await this.repo.insert({
      userId: auth.user.id,
      username: auth.user.username,
      gatewayId: gateway.id,
      toNumber: message.to,
      text: input.text,
      messageId: message.id,
      reason: message.reason,
    });
    return this.traceOf(row, new Map([[gateway.id, gateway.name]]));
  }

  async get(id: string): Promise<SmsTestRecordOut> {
    const row = await this.repo.find(id);
    if (!row) throw new AppError('NOT_FOUND', 404);
    return this.traceOf(row, await this.services.gateways.namesOf([row.gatewayId]));
  }

  async list(query: PageQuery) {
    const page = await paginate(
      query,
      () => this.repo.count(),
      (limit, offset) => this.repo.list(limit, offset),
    );
    const names = await this.services.gateways.namesOf([...new Set(page.records.map((r) => r.gatewayId))]);
    return { ...page, records: await Promise.all(page.records.map((r) => this.traceOf(r, names))) };
  }

  private async traceOf(row: SmsTestRecordRow, names: Map<string, string>): Promise<SmsTestRecordOut> {
    const trace = row.messageId ? await this.services.sms.trace(row.messageId) : undefined;
    const m = trace?.message;
    return {
      id: row.id,
      createdAt: row.createdAt,
      username: row.username,
      gatewayId: row.gatewayId,
      gatewayName: names.get(row.gatewayId) ?? null,
      to: row.toNumber,
      text: row.text,
      messageId: row.messageId,
      status: (m?.status as SmsStatus | undefined) ?? 'failed',
      errorCode: m?.errorCode ?? row.reason,
      sentAt: m?.sentAt ?? null,
      doneAt: m?.doneAt ?? null,
      parts: (trace?.parts ?? []).map((p) => ({
        partNo: p.partNo,
        upstreamId: p.upstreamId,
        status: p.status,
        errorCode: p.errorCode,
        submittedAt: p.createdAt,
        doneAt: p.doneAt ?? null,
      })),
    };
  }
}
