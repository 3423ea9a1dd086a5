import type { RouteStrategy, SmsKind } from '@switchboard/contracts';
import { useTranslation } from 'react-i18next';
import { countryLabel, regionNames } from '@/lib/format';

/** Names of SMS kinds, strategies and countries in the console's language. */
export function useRoutingLabels() {
  const { t, i18n } = useTranslation('routing');
  const regions = regionNames(i18n.language);
  return {
    smsKind: (kind: SmsKind | null) => (kind ? t(`smsKinds.${kind}`) : t('anyKind')),
    strategy: (s: RouteStrategy) => t(`strategies.${s}`),
    country: (code: string | null) => (code ? countryLabel(regions, code) : t('anyCountry')),
  };
}

/** Permission codes of the routing screens (the server's menu seed grants them). */
export const ROUTING_PERMS = {
  edit: 'route:edit',
  test: 'route:test',
  operatorEdit: 'operator:edit',
  grantEdit: 'gateway:grant:edit',
} as const;
