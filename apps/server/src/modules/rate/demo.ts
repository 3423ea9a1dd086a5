import { type RateGroupKind, SMS_KINDS, type SmsKind } from '@switchboard/contracts';
import { type CacheBus, clearOnCommit } from '../../platform/cache-bus';
import { type Db, withTransaction } from '../../platform/db';
import { RATES_CACHE } from './reads';
import type { RateRepo, RateValues } from './repo';

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
  { countryCode: 'BR', mcc: '724', mnc: '04', name: 'TIM Brasil', prefixes: [] },
  { countryCode: 'US', mcc: '310', mnc: '410', name: 'AT&T Mobility', prefixes: [] },
  { countryCode: 'US', mcc: '310', mnc: '260', name: 'T-Mobile US', prefixes: [] },
  { countryCode: 'US', mcc: '311', mnc: '480', name: 'Verizon Wireless', prefixes: [] },
  {
    countryCode: 'NG',
    mcc: '621',
    mnc: '30',
    name: 'MTN Nigeria',
    prefixes: [
      '234803',
      '234806',
      '234703',
      '234706',
      '234813',
      '234816',
      '234810',
      '234814',
      '234903',
      '234906',
    ],
  },
  {
    countryCode: 'NG',
    mcc: '621',
    mnc: '20',
    name: 'Airtel Nigeria',
    prefixes: ['234802', '234808', '234701', '234708', '234812', '234902', '234907', '234901'],
  },
  {
    countryCode: 'NG',
    mcc: '621',
    mnc: '50',
    name: 'Glo Mobile',
    prefixes: ['234805', '234807', '234705', '234815', '234811', '234905'],
  },
  {
    countryCode: 'NG',
    mcc: '621',
    mnc: '60',
    name: '9mobile',
    prefixes: ['234809', '234817', '234818', '234909', '234908'],
  },
  {
    countryCode: 'PH',
    mcc: '515',
    mnc: '02',
    name: 'Globe Telecom',
    prefixes: [
      '63905',
      '63906',
      '63915',
      '63916',
      '63917',
      '63926',
      '63927',
      '63935',
      '63936',
      '63945',
      '63955',
      '63956',
      '63965',
      '63966',
      '63967',
      '63975',
      '63976',
      '63977',
      '63995',
      '63997',
    ],
  },
  {
    countryCode: 'PH',
    mcc: '515',
    mnc: '03',
    name: 'Smart Communications',
    prefixes: [
      '63908',
      '63918',
      '63919',
      '63920',
      '63921',
      '63928',
      '63929',
      '63939',
      '63947',
      '63949',
      '63951',
      '63961',
      '63998',
      '63999',
    ],
  },
  {
    countryCode: 'PH',
    mcc: '515',
    mnc: '66',
    name: 'DITO Telecommunity',
    prefixes: ['63895', '63896', '63897', '63898', '63991', '63992', '63993', '63994'],
  },
  {
    countryCode: 'VN',
    mcc: '452',
    mnc: '04',
    name: 'Viettel',
    prefixes: [
      '8486',
      '8496',
      '8497',
      '8498',
      '8432',
      '8433',
      '8434',
      '8435',
      '8436',
      '8437',
      '8438',
      '8439',
    ],
  },
  {
    countryCode: 'VN',
    mcc: '452',
    mnc: '01',
    name: 'MobiFone',
    prefixes: ['8489', '8490', '8493', '8470', '8476', '8477', '8478', '8479'],
  },
  {
    countryCode: 'VN',
    mcc: '452',
    mnc: '02',
    name: 'VinaPhone',
    prefixes: ['8488', '8491', '8494', '8481', '8482', '8483', '8484', '8485'],
  },
  { countryCode: 'TH', mcc: '520', mnc: '03', name: 'AIS', prefixes: ['6681', '6687', '6693'] },
  { countryCode: 'TH', mcc: '520', mnc: '05', name: 'DTAC', prefixes: ['6680', '6694', '6695'] },
  {
    countryCode: 'TH',
    mcc: '520',
    mnc: '04',
    name: 'TrueMove H',
    prefixes: ['6682', '6683', '6684', '6696', '6697'],
  },
  { countryCode: 'MY', mcc: '502', mnc: '12', name: 'Maxis', prefixes: ['6012', '6017', '60142'] },
  { countryCode: 'MY', mcc: '502', mnc: '19', name: 'Celcom', prefixes: ['6013', '6019', '60148'] },
  { countryCode: 'MY', mcc: '502', mnc: '16', name: 'Digi', prefixes: ['6016', '6010', '60146'] },
  { countryCode: 'MY', mcc: '502', mnc: '18', name: 'U Mobile', prefixes: ['6018', '60111'] },
  {
    countryCode: 'SG',
    mcc: '525',
    mnc: '01',
    name: 'Singtel',
    prefixes: ['6590', '6591', '6593', '6594', '6596', '6597', '6598'],
  },
  {
    countryCode: 'SG',
    mcc: '525',
    mnc: '05',
    name: 'StarHub',
    prefixes: ['6581', '6582', '6583', '6584', '6592'],
  },
  {
    countryCode: 'SG',
    mcc: '525',
    mnc: '03',
    name: 'M1',
    prefixes: ['6585', '6586', '6587', '6588', '6589', '6599'],
  },
  { countryCode: 'HK', mcc: '454', mnc: '00', name: 'CSL', prefixes: ['85290', '85291', '85292'] },
  { countryCode: 'HK', mcc: '454', mnc: '06', name: 'SmarTone', prefixes: ['85293', '85294', '85295'] },
  { countryCode: 'HK', mcc: '454', mnc: '03', name: '3 Hong Kong', prefixes: ['85260', '85261', '85262'] },
  {
    countryCode: 'HK',
    mcc: '454',
    mnc: '12',
    name: 'China Mobile Hong Kong',
    prefixes: ['85263', '85264', '85265'],
  },
  { countryCode: 'AE', mcc: '424', mnc: '02', name: 'Etisalat', prefixes: ['97150', '97154', '97156'] },
  { countryCode: 'AE', mcc: '424', mnc: '03', name: 'du', prefixes: ['97152', '97155', '97158'] },
  { countryCode: 'SA', mcc: '420', mnc: '01', name: 'STC', prefixes: ['96650', '96653', '96655'] },
  { countryCode: 'SA', mcc: '420', mnc: '03', name: 'Mobily', prefixes: ['96654', '96656'] },
  { countryCode: 'SA', mcc: '420', mnc: '04', name: 'Zain KSA', prefixes: ['96658', '96659'] },
  { countryCode: 'MX', mcc: '334', mnc: '020', name: 'Telcel', prefixes: [] },
  { countryCode: 'MX', mcc: '334', mnc: '030', name: 'Movistar Mexico', prefixes: [] },
  { countryCode: 'MX', mcc: '334', mnc: '090', name: 'AT&T Mexico', prefixes: [] },
  {
    countryCode: 'DE',
    mcc: '262',
    mnc: '01',
    name: 'Telekom Deutschland',
    prefixes: ['49151', '49160', '49170', '49171', '49175'],
  },
  {
    countryCode: 'DE',
    mcc: '262',
    mnc: '02',
    name: 'Vodafone Germany',
    prefixes: ['49152', '49162', '49172', '49173', '49174'],
  },
  {
    countryCode: 'DE',
    mcc: '262',
    mnc: '03',
    name: 'Telefónica Germany (O2)',
    prefixes: ['49155', '49157', '49159', '49163', '49176', '49177', '49178', '49179'],
  },
  { countryCode: 'FR', mcc: '208', mnc: '01', name: 'Orange France', prefixes: [] },
  { countryCode: 'FR', mcc: '208', mnc: '10', name: 'SFR', prefixes: [] },
  { countryCode: 'FR', mcc: '208', mnc: '20', name: 'Bouygues Telecom', prefixes: [] },
  { countryCode: 'FR', mcc: '208', mnc: '15', name: 'Free Mobile', prefixes: [] },
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
    // The defaults are what each owner's new customers are given when approved.
    { name: 'Standard', owner: null, percent: 100, remark: 'Retail prices of the platform', isDefault: true },
    { name: 'Wholesale', owner: null, percent: 70, remark: 'Prices for distributors', isDefault: false },
    {
      name: 'Northwind agents',
      owner: northwind,
      percent: 85,
      remark: 'Northwind’s prices for its agents',
      isDefault: true,
    },
    {
      name: 'Acme customers',
      owner: acme,
      percent: 110,
      remark: 'Acme’s prices for its customers',
      isDefault: true,
    },
  ];
  const kinds: RateGroupKind[] = ['sms', 'voice', 'nd'];
  const groups = tiers.flatMap((t) =>
    kinds.map((kind) => ({
      name: `${t.name} ${KIND_NAMES[kind]}`,
      kind,
      owner: t.owner,
      remark: t.remark,
      isDefault: t.isDefault,
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

export interface DemoPlan {
  groups: {
    name: string;
    kind: RateGroupKind;
    owner: string | null;
    remark: string | null;
    /** Its owner's default of its kind for new customers. */
    isDefault?: boolean;
    rates: Omit<RateValues, 'groupId'>[];
  }[];
  assignments: { companyId: string; kind: RateGroupKind; group: string }[];
  costs: {
    gateway: string;
    kind: RateGroupKind;
    countryCode: string;
    mcc: string | null;
    mnc: string | null;
    cost: bigint;
  }[];
}

/**
 * The demo's rates written once (demo databases only): built by the module's `seedDemo`, held by
 * no service that serves requests.
 */
export class RateDemoSeeder {
  constructor(
    private readonly db: Db,
    private readonly repo: RateRepo,
    private readonly caches?: CacheBus,
  ) {}

  /** Platform groups with realistic prices, assigned to the demo companies (idempotent). */
  async seed(plan: DemoPlan) {
    await withTransaction(this.db, async () => {
      const ids = new Map<string, string>();
      for (const g of plan.groups) {
        const existing = await this.repo.groupNameTaken(g.owner, g.name);
        if (existing) return; // seeded before
        const row = await this.repo.insertGroup({
          name: g.name,
          kind: g.kind,
          ownerCompanyId: g.owner,
          remark: g.remark,
          isDefault: g.isDefault ?? false,
        });
        ids.set(g.name, row.id);
        await this.repo.insertRates(g.rates.map((r) => ({ ...r, groupId: row.id })));
      }
      for (const a of plan.assignments) {
        const groupId = ids.get(a.group);
        if (groupId) await this.repo.assign(a.companyId, a.kind, groupId);
      }
      for (const g of plan.costs) await this.repo.insertGatewayPrice(g);
      // Every process's cached rates are read afresh once this commits.
      await clearOnCommit(this.caches, RATES_CACHE, () => {});
    });
  }
}
