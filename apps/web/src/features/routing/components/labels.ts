import type { RouteStrategy, SmsKind } from '@switchboard/contracts';
import { useTranslation } from 'react-i18next';

/** Names of SMS kinds, strategies and countries in the console's language. */
export function useRoutingLabels() {
  const { t, i18n } = useTranslation('routing');
  let regions: Intl.DisplayNames | undefined;
  try {
    regions = new Intl.DisplayNames([i18n.language === 'zh-CN' ? 'zh-Hans' : 'en'], { type: 'region' });
  } catch {
    regions = undefined;
  }
  return {
    smsKind: (kind: SmsKind | null) => (kind ? t(`smsKinds.${kind}`) : t('anyKind')),
    strategy: (s: RouteStrategy) => t(`strategies.${s}`),
    country: (code: string | null) => {
      if (!code) return t('anyCountry');
      const name = regions?.of(code);
      return name && name !== code ? `${name} (${code})` : code;
    },
  };
}

/** Permission codes of the routing screens (the server's menu seed grants them). */
export const ROUTING_PERMS = {
  edit: 'route:edit',
  test: 'route:test',
  operatorEdit: 'operator:edit',
  grantEdit: 'gateway:grant:edit',
} as const;
