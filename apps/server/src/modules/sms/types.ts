import type { SmsKind, SmsSource, SmsStatus } from '@switchboard/contracts';

export interface AcceptInput {
  companyId: string;
  userId: string | null;
  kind: SmsKind;
  source: SmsSource;
  recipients: { number: string; vars?: Record<string, string>; clientRef?: string | null }[];
  text: string;
  sender?: string | null;
  templateId?: string | null;
  scheduledAt?: Date | null;
  /**
   * The platform's own send (sign-in and password reset codes, staff test messages): sent as
   * PLATFORM_COMPANY_ID, priced 0 and charged to no one, no template check (the text is ours).
   */
  platform?: boolean;
  /** Staff test messages only: this gateway, routing bypassed. */
  forcedGatewayId?: string | null;
}

/**
 * The "company" of the platform's own messages (there is no such company row): customers never
 * see them (their scope is their company), staff see them in the records.
 */
export const PLATFORM_COMPANY_ID = '00000000-0000-0000-0000-000000000000';

export interface AcceptedMessage {
  /** null: not persisted (a repeated number). */
  id: string | null;
  index: number;
  to: string;
  parts: number;
  price: bigint;
  status: SmsStatus;
  reason: string | null;
}

export interface AcceptResult {
  batchId: string;
  amount: bigint;
  scheduledAt: Date | null;
  messages: AcceptedMessage[];
}

/**
 * A caller's own rows written in an acceptance's transaction (see SmsService.accept): called once
 * per group with every acceptance of this writer, each with the data its caller gave.
 */
export interface AcceptWriter<T> {
  write(accepted: { result: AcceptResult; data: T }[]): Promise<void>;
}
