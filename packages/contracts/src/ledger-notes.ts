import { z } from 'zod';
import type { Locale } from './constants';
import { CHARGE_KINDS, type ChargeKind } from './rate';

/**
 * What the platform says about a ledger entry it wrote, as a code and its parameters: the
 * entry stores these, and each reader sees the text in their own language (the console through
 * `ledgerNoteText`, the export through the same function on the server). A note a person typed
 * (an adjustment's reason, a payout's note) is kept as they typed it in `note`.
 */
export const LEDGER_NOTE_CODES = [
  /** The demo's opening balance. */
  'opening_balance',
  /** A reseller's transfer to one of its customers (both sides). */
  'transfer',
  /** A top-up paid by card or crypto: `method`. */
  'topup',
  /** A top-up paid after its order had closed: `method`. */
  'topup_late',
  /** A top-up the payment provider took back (refund or chargeback). */
  'topup_reversed',
  /** A payment staff credited by hand from the payment issues: `reason` (the code). */
  'payment_resolved',
  /** One charge: `kind`, `country`, `match` (prefix or MCC/MNC, may be absent), `parts`. */
  'charge',
  /** A batch of SMS charged as one entry: `kind`, `count`. */
  'sms_batch',
  /** An SMS not sent, its price given back: `reason` (error code or status). */
  'sms_refund',
  /** A reseller's commission on a customer's charge: `companyId` (the customer). */
  'commission',
  /** A commission taken back because the customer's SMS was refunded: `companyId`. */
  'commission_reversed',
] as const;
export type LedgerNoteCode = (typeof LEDGER_NOTE_CODES)[number];

export const ledgerNoteParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type LedgerNoteParams = z.infer<typeof ledgerNoteParamsSchema>;

/** A note as the platform writes it. */
export interface LedgerNoteRef {
  code: LedgerNoteCode;
  params?: LedgerNoteParams;
}

export function isLedgerNoteCode(value: unknown): value is LedgerNoteCode {
  return typeof value === 'string' && (LEDGER_NOTE_CODES as readonly string[]).includes(value);
}

const TEXTS: Record<LedgerNoteCode, Record<Locale, string>> = {
  opening_balance: { 'en-US': 'Opening balance', 'zh-CN': '期初余额' },
  transfer: { 'en-US': 'Transfer {amount}', 'zh-CN': '转账 {amount}' },
  topup: { 'en-US': '{method} top-up', 'zh-CN': '{method}充值' },
  topup_late: {
    'en-US': '{method} top-up: payment after the order closed',
    'zh-CN': '{method}充值：订单关闭后才到账的付款',
  },
  topup_reversed: { 'en-US': 'Top-up refunded by the payment provider', 'zh-CN': '支付渠道已退回该笔充值' },
  payment_resolved: { 'en-US': 'Payment credited by staff', 'zh-CN': '工作人员处理的付款入账' },
  charge: { 'en-US': '{kind} {country}{match} × {parts}', 'zh-CN': '{kind} {country}{match} × {parts}' },
  sms_batch: { 'en-US': '{kind}: {count} SMS', 'zh-CN': '{kind}：{count} 条短信' },
  sms_refund: { 'en-US': 'SMS not sent ({reason}): refunded', 'zh-CN': '短信未发送（{reason}），已退款' },
  commission: { 'en-US': 'Commission on {company}', 'zh-CN': '来自 {company} 的佣金' },
  commission_reversed: {
    'en-US': 'Commission reversed: SMS of {company} refunded',
    'zh-CN': '佣金冲回：{company} 的短信已退款',
  },
};

const CHARGE_KIND_TEXTS: Record<ChargeKind, Record<Locale, string>> = {
  marketing: { 'en-US': 'Marketing SMS', 'zh-CN': '营销短信' },
  notification: { 'en-US': 'Notification SMS', 'zh-CN': '通知短信' },
  otp: { 'en-US': 'OTP SMS', 'zh-CN': '验证码短信' },
  premium_otp: { 'en-US': 'Premium OTP SMS', 'zh-CN': '高级验证码短信' },
  voice: { 'en-US': 'Voice', 'zh-CN': '语音' },
  nd: { 'en-US': 'Number detection', 'zh-CN': '号码检测' },
};

const METHOD_TEXTS: Record<string, Record<Locale, string>> = {
  card: { 'en-US': 'Card', 'zh-CN': '银行卡' },
  crypto: { 'en-US': 'Crypto', 'zh-CN': '加密货币' },
};

/** Why an SMS was not sent, as the refund's note says it (the error codes of sms records). */
const REFUND_REASON_TEXTS: Record<string, Record<Locale, string>> = {
  CANCELLED: { 'en-US': 'cancelled', 'zh-CN': '已取消' },
  SMS_NO_GATEWAY: { 'en-US': 'no gateway', 'zh-CN': '无可用通道' },
  SUBMIT_ERROR: { 'en-US': 'refused by the gateway', 'zh-CN': '通道拒绝提交' },
  failed: { 'en-US': 'failed', 'zh-CN': '发送失败' },
  rejected: { 'en-US': 'rejected', 'zh-CN': '被拒绝' },
  expired: { 'en-US': 'expired', 'zh-CN': '已过期' },
  timeout: { 'en-US': 'timed out', 'zh-CN': '超时' },
  undeliverable: { 'en-US': 'undeliverable', 'zh-CN': '无法送达' },
};

/**
 * A ledger entry's note in a language: the platform's code rendered with its parameters
 * (`company` is the name the server looked up for `companyId`), else what a person typed.
 */
export function ledgerNoteText(
  entry: { note: string | null; noteCode?: string | null; noteParams?: LedgerNoteParams | null },
  locale: Locale,
): string {
  if (!isLedgerNoteCode(entry.noteCode)) return entry.note ?? '';
  const params: Record<string, string | number> = { ...(entry.noteParams ?? {}) };
  const kind = params.kind;
  if (typeof kind === 'string' && (CHARGE_KINDS as readonly string[]).includes(kind)) {
    params.kind = CHARGE_KIND_TEXTS[kind as ChargeKind][locale];
  }
  const method = params.method;
  if (typeof method === 'string' && METHOD_TEXTS[method]) params.method = METHOD_TEXTS[method][locale];
  const reason = params.reason;
  if (entry.noteCode === 'sms_refund' && typeof reason === 'string' && REFUND_REASON_TEXTS[reason]) {
    params.reason = REFUND_REASON_TEXTS[reason][locale];
  }
  params.match = params.match ? ` ${params.match}` : '';
  if (params.company === undefined) params.company = params.companyId ?? '';
  const text = TEXTS[entry.noteCode][locale];
  const rendered = text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
  return entry.note ? `${rendered} (${entry.note})` : rendered;
}
