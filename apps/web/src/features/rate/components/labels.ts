import type { RateGroupKind, SmsKind } from '@switchboard/contracts';
import { useTranslation } from 'react-i18next';
import { countryLabel, regionNames } from '@/lib/format';

/** Names of group kinds, SMS kinds and countries in the console's language. */
export function useRateLabels() {
  const { t, i18n } = useTranslation('rates');
  const regions = regionNames(i18n.language);
  return {
    kind: (kind: RateGroupKind) => t(`kinds.${kind}`),
    smsKind: (kind: SmsKind | null) => (kind ? t(`smsKinds.${kind}`) : ''),
    country: (code: string) => countryLabel(regions, code),
  };
}

/** Permission codes of the rates screens (the server's menu seed grants them). */
export const RATE_PERMS = {
  groupAdd: 'rate:group:add',
  groupEdit: 'rate:group:edit',
  groupDelete: 'rate:group:delete',
  groupCopy: 'rate:group:copy',
  groupAssign: 'rate:group:assign',
  add: 'rate:add',
  edit: 'rate:edit',
  delete: 'rate:delete',
  batchEdit: 'rate:batchEdit',
  import: 'rate:import',
  quote: 'rate:quote',
  gatewayEdit: 'rate:gatewayCost:edit',
} as const;
