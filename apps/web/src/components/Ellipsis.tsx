import { ELLIPSIS_LENGTH } from '@switchboard/contracts';
import { Tooltip } from 'antd';
import { ellipsis } from '@/lib/format';

/** Text cut at `length` characters (25 by default) with the full text on hover. */
export function Ellipsis({
  text,
  length = ELLIPSIS_LENGTH,
}: {
  text: string | null | undefined;
  length?: number;
}) {
  const short = ellipsis(text, length);
  if (!text || short === text) return <>{text ?? ''}</>;
  return (
    <Tooltip title={text}>
      <span data-testid="ellipsis" data-text={text}>
        {short}
      </span>
    </Tooltip>
  );
}
