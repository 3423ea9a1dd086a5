import type { GatewayState } from '@switchboard/contracts';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '@/components/DateTimeText';

const GATEWAY_STATE_COLORS: Record<GatewayState['state'], string> = {
  bound: 'green',
  connecting: 'gold',
  down: 'red',
  disabled: 'default',
};

/**
 * The live bind state of a gateway: a tag (bound 2/2, connecting, down, disabled), with since when
 * in a tooltip. Without a state yet: down when enabled, else disabled.
 */
export function GatewayStateTag({
  state,
  enabled,
}: {
  state: Pick<GatewayState, 'state' | 'bound' | 'binds' | 'since'> | undefined;
  enabled: boolean;
}) {
  const { t } = useTranslation('gateway');
  const current = state?.state ?? (enabled ? 'down' : 'disabled');
  const label = t(`states.${current}`);
  const detail =
    current === 'bound' && state ? t('boundOf', { bound: state.bound, binds: state.binds }) : null;
  const since = state?.since ?? null;
  return (
    <Tooltip title={since ? <DateTimeText value={since} /> : undefined}>
      <Tag color={GATEWAY_STATE_COLORS[current]} data-testid="gateway-state" data-state={current}>
        {label}
        {detail ? ` · ${detail}` : ''}
      </Tag>
    </Tooltip>
  );
}
