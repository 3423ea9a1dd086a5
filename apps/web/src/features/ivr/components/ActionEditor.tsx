import type { IvrActionInput } from '@switchboard/contracts';
import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a key (or no key) does: go to a node, transfer to a number, or end with a result. */
export function ActionEditor({
  value,
  onChange,
  nodeIds,
  testId,
}: {
  value: IvrActionInput;
  onChange: (next: IvrActionInput) => void;
  nodeIds: string[];
  testId: string;
}) {
  const { t } = useTranslation('ivr');
  return (
    <Space.Compact style={{ width: '100%', minWidth: 0 }}>
      <Select
        value={value.type}
        style={{ width: 130, flex: 'none' }}
        onChange={(type: IvrActionInput['type']) =>
          onChange(
            type === 'goto'
              ? { type, node: nodeIds[0] ?? '' }
              : type === 'transfer'
                ? { type, number: '' }
                : { type, result: '' },
          )
        }
        options={(['goto', 'transfer', 'end'] as const).map((a) => ({
          value: a,
          label: t(`flows.action.${a}`),
        }))}
        data-testid={`${testId}-type`}
      />
      {value.type === 'goto' ? (
        <Select
          value={value.node}
          style={{ flex: 1, minWidth: 90 }}
          onChange={(node: string) => onChange({ type: 'goto', node })}
          options={nodeIds.map((id) => ({ value: id, label: id }))}
          data-testid={`${testId}-node`}
        />
      ) : value.type === 'transfer' ? (
        <Input
          value={value.number}
          placeholder={t('flows.numberPlaceholder')}
          inputMode="tel"
          maxLength={21}
          onChange={(e) => onChange({ type: 'transfer', number: e.target.value })}
          data-testid={`${testId}-number`}
        />
      ) : (
        <Input
          value={value.result ?? ''}
          placeholder={t('flows.resultPlaceholder')}
          maxLength={32}
          onChange={(e) => onChange({ type: 'end', result: e.target.value })}
          data-testid={`${testId}-result`}
        />
      )}
    </Space.Compact>
  );
}
