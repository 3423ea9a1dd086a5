import type { SeatLiveState, SeatState } from '@switchboard/contracts';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '@/components/DateTimeText';

const COLORS: Record<SeatState, string> = {
  offline: 'default',
  idle: 'green',
  ringing: 'gold',
  on_call: 'blue',
};

/** A seat's live state (offline, idle, ringing, on call) and, in a tooltip, where it is registered and until when. */
export function SeatStateTag({ live, fallback }: { live: SeatLiveState | undefined; fallback: SeatState }) {
  const { t } = useTranslation('callCentre');
  const state = live?.state ?? fallback;
  const title = live?.contact ? (
    <>
      {live.contact}
      {live.expiresAt ? (
        <>
          <br />
          {t('seat.expiresAt')} <DateTimeText value={live.expiresAt} />
        </>
      ) : null}
    </>
  ) : undefined;
  return (
    <Tooltip title={title}>
      <Tag color={COLORS[state]} data-testid="seat-state" data-state={state}>
        {t(`seat.states.${state}`)}
      </Tag>
    </Tooltip>
  );
}
