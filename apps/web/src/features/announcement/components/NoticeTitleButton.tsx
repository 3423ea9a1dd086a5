import { Button } from 'antd';

/**
 * An announcement's title in a list, opening it: the whole title, wrapping over lines in a narrow
 * column rather than widening the table or being cut.
 */
export function NoticeTitleButton({ title, onClick }: { title: string; onClick: () => void }) {
  return (
    <Button
      type="link"
      style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
      onClick={onClick}
    >
      {title}
    </Button>
  );
}
