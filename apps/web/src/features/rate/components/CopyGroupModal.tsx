import { type RateGroup, rateGroupCopySchema } from '@switchboard/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { useCopyRateGroup } from '../api/rate-groups';

type CopyValues = { id: string; name: string };

/** A new group with every rate of this one, under a new name. */
export function CopyGroupModal({ source, onClose }: { source: RateGroup | null; onClose: () => void }) {
  const { t } = useTranslation('rates');
  const copy = useCopyRateGroup();
  const labels = { id: 'id', name: t('group.copyName') };
  const entity = useEntityForm<CopyValues, RateGroup>({
    open: source !== null,
    editing: source,
    valuesOf: (g) => ({ id: g?.id ?? '', name: g ? `${g.name} (2)` : '' }),
    schema: rateGroupCopySchema,
    labels,
    save: (values) => copy.mutateAsync(values),
    successMessage: t('copied'),
    onClose,
    errorCodeFields: { RATE_GROUP_NAME_TAKEN: 'name' },
  });
  const { rule } = entity;
  return (
    <FormModal
      entity={entity}
      title={t('group.copyTitle', { name: source?.name ?? '' })}
      testId="rate-group-copy-form"
    >
      <Form.Item name="id" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="name" label={labels.name} rules={[rule('name')]}>
        <Input maxLength={64} data-testid="rate-group-copy-name" />
      </Form.Item>
    </FormModal>
  );
}
