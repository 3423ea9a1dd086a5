import type { TrunkState } from '@switchboard/contracts';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '@/components/DateTimeText';

const COLORS: Record<TrunkState['state'], string> = {
  registered: 'green',
  reachable: 'green',
  unreachable: 'red',
  unknown: 'default',
  disabled: 'default',
};

/** A trunk's live state (registered, reachable, unreachable, unknown, disabled), calls up and since when. */
export function TrunkStateTag({ state, enabled }: { state: TrunkState | undefined; enabled: boolean }) {
  const { t } = useTranslation('trunk');
  const current = state?.state ?? (enabled ? 'unknown' : 'disabled');
  const since = state?.since ?? null;
  return (
    <Tooltip title={since ? <DateTimeText value={since} /> : undefined}>
      <Tag color={COLORS[current]} data-testid="trunk-state" data-state={current}>
        {t(`states.${current}`)}
        {state && current !== 'disabled' ? ` · ${state.callsUp}/${state.maxCalls}` : ''}
      </Tag>
    </Tooltip>
  );
}
