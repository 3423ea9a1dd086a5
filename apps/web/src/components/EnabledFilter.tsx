import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A list's "enabled" filter: any, enabled or disabled (the query's `enabled` as 'true' or
 * 'false'). One for every list with an enabled switch.
 */
export function EnabledFilter({ label }: { label: string }) {
  const { t } = useTranslation('common');
  return (
    <Form.Item name="enabled" label={label}>
      <Select
        allowClear
        placeholder={t('table.enabledAny')}
        style={{ minWidth: 120 }}
        options={[
          { value: 'true', label: t('table.enabled') },
          { value: 'false', label: t('table.disabled') },
        ]}
      />
    </Form.Item>
  );
}
