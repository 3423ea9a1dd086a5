import type { SMS_KINDS } from '@switchboard/contracts';
import type { ResourceColumn } from '../../platform/resource';
import { gatewayCell } from './service';

/** The sheet of routes (exportXls, importExcel): headers and labels in both languages. */

export interface RouteSheetRow {
  name: string;
  sortOrder: number;
  enabled: boolean;
  companyId: string | null;
  companyName: string | null;
  smsKind: (typeof SMS_KINDS)[number] | null;
  countryCode: string | null;
  mcc: string | null;
  mnc: string | null;
  prefix: string | null;
  startTime: string | null;
  endTime: string | null;
  strategy: 'priority' | 'weighted';
  gateways: { name: string; weight: number }[];
  remark: string | null;
}

const SMS_KIND_LABELS = {
  marketing: { 'en-US': 'Marketing', 'zh-CN': '营销' },
  notification: { 'en-US': 'Notification', 'zh-CN': '通知' },
  otp: { 'en-US': 'OTP', 'zh-CN': '验证码' },
  premium_otp: { 'en-US': 'Premium OTP', 'zh-CN': '高级验证码' },
};

export const ROUTE_COLUMNS: ResourceColumn<RouteSheetRow>[] = [
  { key: 'sortOrder', header: { 'en-US': 'Order', 'zh-CN': '顺序' }, kind: 'integer' },
  { key: 'name', header: { 'en-US': 'Name', 'zh-CN': '名称' }, required: true, width: 24 },
  { key: 'enabled', header: { 'en-US': 'Enabled', 'zh-CN': '启用' }, kind: 'boolean' },
  { key: 'companyId', header: { 'en-US': 'Company ID', 'zh-CN': '公司ID' }, width: 38 },
  { key: 'companyName', header: { 'en-US': 'Company', 'zh-CN': '公司' }, width: 24 },
  {
    key: 'smsKind',
    header: { 'en-US': 'SMS kind', 'zh-CN': '短信类型' },
    kind: 'enum',
    labels: SMS_KIND_LABELS,
  },
  { key: 'countryCode', header: { 'en-US': 'Country', 'zh-CN': '国家/地区' } },
  { key: 'mcc', header: { 'en-US': 'MCC', 'zh-CN': 'MCC' } },
  { key: 'mnc', header: { 'en-US': 'MNC', 'zh-CN': 'MNC' } },
  { key: 'prefix', header: { 'en-US': 'Prefix', 'zh-CN': '号段' } },
  { key: 'startTime', header: { 'en-US': 'From (UTC)', 'zh-CN': '开始时间(UTC)' } },
  { key: 'endTime', header: { 'en-US': 'Until (UTC)', 'zh-CN': '结束时间(UTC)' } },
  {
    key: 'strategy',
    header: { 'en-US': 'Strategy', 'zh-CN': '策略' },
    kind: 'enum',
    labels: {
      priority: { 'en-US': 'Priority', 'zh-CN': '优先级' },
      weighted: { 'en-US': 'Weighted', 'zh-CN': '权重' },
    },
  },
  {
    key: 'gateways',
    header: { 'en-US': 'Gateways', 'zh-CN': '通道' },
    value: (row) => gatewayCell(row.gateways, row.strategy),
    required: true,
    width: 40,
  },
  { key: 'remark', header: { 'en-US': 'Remark', 'zh-CN': '备注' }, width: 24 },
];

export const ROUTE_SHEET = { 'en-US': 'Routes', 'zh-CN': '路由' };
