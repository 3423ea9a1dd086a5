import type { RATE_GROUP_KINDS, RateGroupKind, SMS_KINDS } from '@switchboard/contracts';
import type { ResourceColumn } from '../../platform/resource';
import type { GatewayPriceRow, OperatorRow, RateRow } from './repo';

/**
 * The sheets of the rates screens (exportXls, importExcel): headers and labels in both languages.
 * Column keys are the add forms' fields, so an export imports back as it is.
 */

const GROUP_KIND_LABELS = {
  sms: { 'en-US': 'SMS', 'zh-CN': '短信' },
  voice: { 'en-US': 'Voice', 'zh-CN': '语音' },
  nd: { 'en-US': 'Number detection', 'zh-CN': '号码检测' },
} satisfies Record<(typeof RATE_GROUP_KINDS)[number], Record<'en-US' | 'zh-CN', string>>;

const SMS_KIND_LABELS = {
  marketing: { 'en-US': 'Marketing', 'zh-CN': '营销' },
  notification: { 'en-US': 'Notification', 'zh-CN': '通知' },
  otp: { 'en-US': 'OTP', 'zh-CN': '验证码' },
  premium_otp: { 'en-US': 'Premium OTP', 'zh-CN': '高级验证码' },
} satisfies Record<(typeof SMS_KINDS)[number], Record<'en-US' | 'zh-CN', string>>;

/** Prices have six decimals (micro-units). */
const PRICE_DECIMALS = 6;

const updatedAt = {
  key: 'updatedAt',
  header: { 'en-US': 'Updated at', 'zh-CN': '更新时间' },
  kind: 'datetime',
  width: 20,
} as const;

// --- rates ---

const RATE = {
  countryCode: {
    key: 'countryCode',
    header: { 'en-US': 'Country', 'zh-CN': '国家/地区' },
    required: true,
  },
  smsKind: {
    key: 'smsKind',
    header: { 'en-US': 'SMS kind', 'zh-CN': '短信类型' },
    kind: 'enum',
    labels: SMS_KIND_LABELS,
  },
  prefix: { key: 'prefix', header: { 'en-US': 'Prefix', 'zh-CN': '号段' } },
  mcc: { key: 'mcc', header: { 'en-US': 'MCC', 'zh-CN': 'MCC' } },
  mnc: { key: 'mnc', header: { 'en-US': 'MNC', 'zh-CN': 'MNC' } },
  price: {
    key: 'price',
    header: { 'en-US': 'Price', 'zh-CN': '单价' },
    kind: 'money',
    decimals: PRICE_DECIMALS,
    required: true,
  },
  connectionFee: {
    key: 'connectionFee',
    header: { 'en-US': 'Connection fee', 'zh-CN': '接通费' },
    kind: 'money',
    decimals: PRICE_DECIMALS,
  },
  billingInitial: {
    key: 'billingInitial',
    header: { 'en-US': 'Initial seconds', 'zh-CN': '首段秒数' },
    kind: 'integer',
  },
  billingIncrement: {
    key: 'billingIncrement',
    header: { 'en-US': 'Increment seconds', 'zh-CN': '计费步长秒数' },
    kind: 'integer',
  },
  remark: { key: 'remark', header: { 'en-US': 'Remark', 'zh-CN': '备注' }, width: 24 },
} satisfies Record<string, ResourceColumn<RateRow>>;

/**
 * What a file of rates may have: every column of every kind (the group's kind decides what
 * counts), and "Updated at" of an export, read and ignored, so an export imports back as it is.
 */
export const RATE_IMPORT_COLUMNS: ResourceColumn<RateRow>[] = [...Object.values(RATE), updatedAt];

/** The columns of an export of a group of this kind: only what that kind prices by. */
export function rateExportColumns(kind: RateGroupKind): ResourceColumn<RateRow>[] {
  return [
    RATE.countryCode,
    ...(kind === 'sms' ? [RATE.smsKind] : []),
    RATE.prefix,
    RATE.mcc,
    RATE.mnc,
    RATE.price,
    ...(kind === 'voice' ? [RATE.connectionFee, RATE.billingInitial, RATE.billingIncrement] : []),
    RATE.remark,
    updatedAt,
  ];
}

export const RATE_SHEET = { 'en-US': 'Rates', 'zh-CN': '费率' };

// --- rate groups ---

export interface RateGroupSheetRow {
  name: string;
  kind: RateGroupKind;
  ownerCompanyName: string | null;
  rateCount: number;
  companyCount: number;
  remark: string | null;
  updatedAt: Date;
}

export function rateGroupExportColumns(platformName: {
  'en-US': string;
  'zh-CN': string;
}): ResourceColumn<RateGroupSheetRow>[] {
  return [
    { key: 'name', header: { 'en-US': 'Name', 'zh-CN': '名称' }, width: 28 },
    { key: 'kind', header: { 'en-US': 'Kind', 'zh-CN': '类型' }, kind: 'enum', labels: GROUP_KIND_LABELS },
    {
      key: 'owner',
      header: { 'en-US': 'Owner', 'zh-CN': '所属' },
      kind: 'enum',
      // The platform's groups have no owner company: its name in the caller's language.
      value: (row) => row.ownerCompanyName ?? 'platform',
      labels: { platform: platformName },
      width: 24,
    },
    { key: 'rateCount', header: { 'en-US': 'Rates', 'zh-CN': '费率数' }, kind: 'integer' },
    { key: 'companyCount', header: { 'en-US': 'Companies', 'zh-CN': '公司数' }, kind: 'integer' },
    { key: 'remark', header: { 'en-US': 'Remark', 'zh-CN': '备注' }, width: 24 },
    updatedAt,
  ];
}

export const RATE_GROUP_SHEET = { 'en-US': 'Rate groups', 'zh-CN': '费率组' };

// --- gateway costs ---

const GATEWAY_PRICE_COLUMNS: ResourceColumn<GatewayPriceRow>[] = [
  { key: 'gateway', header: { 'en-US': 'Gateway', 'zh-CN': '通道' }, required: true, width: 20 },
  { key: 'kind', header: { 'en-US': 'Kind', 'zh-CN': '类型' }, kind: 'enum', labels: GROUP_KIND_LABELS },
  { key: 'countryCode', header: { 'en-US': 'Country', 'zh-CN': '国家/地区' }, required: true },
  { key: 'mcc', header: { 'en-US': 'MCC', 'zh-CN': 'MCC' } },
  { key: 'mnc', header: { 'en-US': 'MNC', 'zh-CN': 'MNC' } },
  {
    key: 'cost',
    header: { 'en-US': 'Cost', 'zh-CN': '成本' },
    kind: 'money',
    decimals: PRICE_DECIMALS,
    required: true,
  },
  { key: 'remark', header: { 'en-US': 'Remark', 'zh-CN': '备注' }, width: 24 },
];

/** The export's columns; an import reads them all ("Updated at" is ignored), so an export imports back. */
export const GATEWAY_PRICE_EXPORT_COLUMNS: ResourceColumn<GatewayPriceRow>[] = [
  ...GATEWAY_PRICE_COLUMNS,
  updatedAt,
];

export const GATEWAY_PRICE_SHEET = { 'en-US': 'Gateway costs', 'zh-CN': '通道成本' };

// --- operators ---

/** Operators: prefixes as one cell, separated by commas (an import also takes spaces or semicolons). */
export const OPERATOR_COLUMNS: ResourceColumn<OperatorRow>[] = [
  { key: 'countryCode', header: { 'en-US': 'Country', 'zh-CN': '国家/地区' }, required: true },
  { key: 'mcc', header: { 'en-US': 'MCC', 'zh-CN': 'MCC' }, required: true },
  { key: 'mnc', header: { 'en-US': 'MNC', 'zh-CN': 'MNC' }, required: true },
  { key: 'name', header: { 'en-US': 'Operator', 'zh-CN': '运营商' }, required: true, width: 24 },
  {
    key: 'prefixes',
    header: { 'en-US': 'Number prefixes', 'zh-CN': '号段' },
    value: (row) => row.prefixes.join(', '),
    width: 48,
  },
  updatedAt,
];

export const OPERATOR_SHEET = { 'en-US': 'Operators', 'zh-CN': '运营商' };
