import { type RateGroupKind, SMS_KINDS, type SmsKind } from '@switchboard/contracts';
import type { DemoPlan } from './service';

/**
 * Mobile operators of the demo countries with their real MCC/MNC and representative number
 * ranges (international digits). Number portability makes a prefix a guess: the SMS engine's
 * operator table and HLR lookups refine it.
 */
export const DEMO_OPERATORS: {
  countryCode: string;
  mcc: string;
  mnc: string;
  name: string;
  prefixes: string[];
}[] = [
  {
    countryCode: 'CN',
    mcc: '460',
    mnc: '00',
    name: 'China Mobile',
    prefixes: [
      '86134',
      '86135',
      '86136',
      '86137',
      '86138',
      '86139',
      '86150',
      '86151',
      '86152',
      '86157',
      '86158',
      '86159',
      '86182',
      '86183',
      '86187',
      '86188',
      '86198',
    ],
  },
  {
    countryCode: 'CN',
    mcc: '460',
    mnc: '01',
    name: 'China Unicom',
    prefixes: ['86130', '86131', '86132', '86155', '86156', '86166', '86185', '86186'],
  },
  {
    countryCode: 'CN',
    mcc: '460',
    mnc: '11',
    name: 'China Telecom',
    prefixes: ['86133', '86153', '86173', '86177', '86180', '86181', '86189', '86199'],
  },
  { countryCode: 'GB', mcc: '234', mnc: '30', name: 'EE', prefixes: ['4478', '4479'] },
  { countryCode: 'GB', mcc: '234', mnc: '15', name: 'Vodafone UK', prefixes: ['4477'] },
  { countryCode: 'GB', mcc: '234', mnc: '10', name: 'O2 UK', prefixes: ['4475'] },
  { countryCode: 'IN', mcc: '404', mnc: '10', name: 'Airtel', prefixes: ['9198'] },
  { countryCode: 'IN', mcc: '405', mnc: '857', name: 'Jio', prefixes: ['9170', '9189'] },
  {
    countryCode: 'ID',
    mcc: '510',
    mnc: '10',
    name: 'Telkomsel',
    prefixes: ['62811', '62812', '62813', '62821', '62822', '62852', '62853'],
  },
  {
    countryCode: 'ID',
    mcc: '510',
    mnc: '01',
    name: 'Indosat Ooredoo',
    prefixes: ['62814', '62815', '62816', '62855', '62856', '62857', '62858'],
  },
  {
    countryCode: 'ID',
    mcc: '510',
    mnc: '11',
    name: 'XL Axiata',
    prefixes: ['62817', '62818', '62819', '62859', '62877', '62878'],
  },
  { countryCode: 'BR', mcc: '724', mnc: '06', name: 'Vivo', prefixes: [] },
  { countryCode: 'BR', mcc: '724', mnc: '05', name: 'Claro', prefixes: [] },
];

/** Retail SMS prices per message (USD) by country and kind. */
const SMS_BASE: Record<string, Record<SmsKind, string>> = {
  CN: { marketing: '0.0450', notification: '0.0400', otp: '0.0380', premium_otp: '0.0550' },
  US: { marketing: '0.0095', notification: '0.0085', otp: '0.0080', premium_otp: '0.0150' },
  GB: { marketing: '0.0380', notification: '0.0350', otp: '0.0330', premium_otp: '0.0450' },
  IN: { marketing: '0.0060', notification: '0.0055', otp: '0.0050', premium_otp: '0.0090' },
  ID: { marketing: '0.3000', notification: '0.2800', otp: '0.2600', premium_otp: '0.3500' },
  BR: { marketing: '0.0250', notification: '0.0230', otp: '0.0210', premium_otp: '0.0300' },
};
/** Retail voice per minute, billing increments and connection fee. */
const VOICE_BASE: Record<string, { price: string; billing: [number, number]; fee: string }> = {
  CN: { price: '0.0200', billing: [60, 60], fee: '0' },
  US: { price: '0.0100', billing: [6, 6], fee: '0' },
  GB: { price: '0.0150', billing: [1, 1], fee: '0.0010' },
  IN: { price: '0.0250', billing: [60, 60], fee: '0' },
  ID: { price: '0.0600', billing: [60, 60], fee: '0' },
  BR: { price: '0.0300', billing: [30, 6], fee: '0.0020' },
};
const ND_BASE: Record<string, string> = {
  CN: '0.0030',
  US: '0.0020',
  GB: '0.0020',
  IN: '0.0015',
  ID: '0.0025',
  BR: '0.0020',
};

const micros = (text: string) => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
};
/** A price scaled by a factor in percent, rounded half up to the micro-unit. */
const scaled = (text: string, percent: number) => (micros(text) * BigInt(percent) + 50n) / 100n;

function smsRates(percent: number) {
  const rows = Object.entries(SMS_BASE).flatMap(([countryCode, kinds]) =>
    SMS_KINDS.map((smsKind) => ({ countryCode, smsKind, price: scaled(kinds[smsKind], percent) })),
  );
  return [
    ...rows,
    // Virtual operators' range in China costs more; Telkomsel OTP has its own price.
    { countryCode: 'CN', smsKind: 'marketing' as const, prefix: '86170', price: scaled('0.0600', percent) },
    { countryCode: 'ID', smsKind: 'otp' as const, mcc: '510', mnc: '10', price: scaled('0.2900', percent) },
  ];
}

function voiceRates(percent: number) {
  return Object.entries(VOICE_BASE).map(([countryCode, v]) => ({
    countryCode,
    price: scaled(v.price, percent),
    connectionFee: scaled(v.fee, percent),
    billingInitial: v.billing[0],
    billingIncrement: v.billing[1],
  }));
}

function ndRates(percent: number) {
  return Object.entries(ND_BASE).map(([countryCode, price]) => ({
    countryCode,
    price: scaled(price, percent),
  }));
}

const ratesOf = (kind: RateGroupKind, percent: number) =>
  kind === 'sms' ? smsRates(percent) : kind === 'voice' ? voiceRates(percent) : ndRates(percent);

const KIND_NAMES: Record<RateGroupKind, string> = { sms: 'SMS', voice: 'voice', nd: 'ND' };

/**
 * The demo's price lists: retail for direct customers, wholesale for the distributor, the
 * distributor's group for its agent (above wholesale) and the agent's for its customer (above
 * that), each for SMS, voice and ND; gateway costs below wholesale.
 */
export function demoRatePlan(company: (name: string) => string): DemoPlan {
  const northwind = company('Northwind Distribution');
  const acme = company('Acme Agency');
  const tiers = [
    { name: 'Standard', owner: null, percent: 100, remark: 'Retail prices of the platform' },
    { name: 'Wholesale', owner: null, percent: 70, remark: 'Prices for distributors' },
    { name: 'Northwind agents', owner: northwind, percent: 85, remark: 'Northwind’s prices for its agents' },
    { name: 'Acme customers', owner: acme, percent: 110, remark: 'Acme’s prices for its customers' },
  ];
  const kinds: RateGroupKind[] = ['sms', 'voice', 'nd'];
  const groups = tiers.flatMap((t) =>
    kinds.map((kind) => ({
      name: `${t.name} ${KIND_NAMES[kind]}`,
      kind,
      owner: t.owner,
      remark: t.remark,
      rates: ratesOf(kind, t.percent),
    })),
  );
  const assign = (companyName: string, tier: string) =>
    kinds.map((kind) => ({ companyId: company(companyName), kind, group: `${tier} ${KIND_NAMES[kind]}` }));
  const cost = (
    kind: RateGroupKind,
    gateway: string,
    countryCode: string,
    price: string,
    mcc: string | null = null,
    mnc: string | null = null,
  ) => ({
    gateway,
    kind,
    countryCode,
    mcc,
    mnc,
    cost: micros(price),
  });
  return {
    groups,
    assignments: [
      ...assign('Direct Retail Ltd', 'Standard'),
      ...assign('Two-Way Logistics', 'Standard'),
      ...assign('Northwind Distribution', 'Wholesale'),
      ...assign('Acme Agency', 'Northwind agents'),
      ...assign('Agency Client Co', 'Acme customers'),
    ],
    costs: [
      cost('sms', 'demo-smsc', 'CN', '0.0250'),
      cost('sms', 'demo-smsc-cn', 'CN', '0.0220', '460', '00'),
      cost('sms', 'demo-smsc', 'US', '0.0045'),
      cost('sms', 'demo-smsc', 'GB', '0.0200'),
      cost('sms', 'demo-smsc', 'IN', '0.0025'),
      cost('sms', 'demo-smsc', 'ID', '0.1600'),
      cost('sms', 'demo-smsc', 'BR', '0.0120'),
      cost('voice', 'demo-sip', 'CN', '0.0100'),
      cost('voice', 'demo-sip', 'US', '0.0040'),
      cost('voice', 'demo-sip', 'GB', '0.0070'),
      cost('nd', 'demo-hlr', 'CN', '0.0010'),
      cost('nd', 'demo-hlr', 'US', '0.0008'),
    ],
  };
}
