import {
  CALLER_ROTATIONS,
  type CallerGroup,
  callerGroupEditSchema,
  callerGroupInputSchema,
} from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { EnabledItem, RemarkItem } from '@/components/form-items';
import { useAddOrEditForm } from '@/components/use-entity-form';
import { CompanyItem } from '@/features/sms-template';
import { useIsStaff } from '@/lib/session';
import { callerOptionsQuery, useSaveCallerGroup } from '../api/callers';

interface Values {
  name: string;
  companyId?: string;
  rotation: CallerGroup['rotation'];
  callerIds: string[];
  enabled: boolean;
  remark: string;
}

const EMPTY: Values = { name: '', rotation: 'round_robin', callerIds: [], enabled: true, remark: '' };

const valuesOf = (g: CallerGroup | null): Values =>
  g
    ? {
        name: g.name,
        rotation: g.rotation,
        callerIds: g.members.map((m) => m.id),
        enabled: g.enabled,
        remark: g.remark ?? '',
      }
    : EMPTY;

function bodyOf(values: Values, pickCompany: boolean) {
  const v = { ...EMPTY, ...values };
  return {
    name: v.name.trim(),
    rotation: v.rotation,
    callerIds: v.callerIds,
    enabled: v.enabled,
    remark: v.remark.trim() || null,
    ...(pickCompany && v.companyId ? { companyId: v.companyId } : {}),
  };
}

/** Add or edit a caller group: its company's caller IDs in rotation order, round robin or random. */
export function CallerGroupFormModal({ open, editing, onClose }: EntityModalProps<CallerGroup>) {
  const { t } = useTranslation('caller');
  const save = useSaveCallerGroup();
  const pickCompany = useIsStaff() && !editing;
  const labels = {
    name: t('group.name'),
    companyId: t('fields.company'),
    rotation: t('group.rotation'),
    callerIds: t('group.members'),
    enabled: t('fields.enabled'),
    remark: t('fields.remark'),
  };
  const entity = useAddOrEditForm({
    open,
    editing,
    valuesOf,
    schemas: { add: callerGroupInputSchema, edit: callerGroupEditSchema },
    // Editing, the company is not picked (pickCompany is false).
    bodyOf: (values: Values) => bodyOf(values, pickCompany),
    labels,
    save: save.mutateAsync,
    successMessage: t('saved'),
    onClose,
    errorCodeFields: { CALLER_GROUP_NAME_TAKEN: 'name', CALLER_GROUP_MEMBER_UNKNOWN: 'callerIds' },
  });
  const { form, rule } = entity;
  const picked = Form.useWatch('companyId', form);
  // Staff pick the company first; others see the caller IDs of their scope (the server checks the company).
  const companyId = editing?.companyId ?? (pickCompany ? picked : undefined);
  const callers = useQuery({ ...callerOptionsQuery(companyId), enabled: open && (!pickCompany || !!picked) });
  return (
    <FormModal
      entity={entity}
      title={editing ? t('group.editTitle') : t('group.createTitle')}
      testId="caller-group-form"
    >
      {pickCompany ? (
        <CompanyItem label={labels.companyId} message={t('pickCompany')} testId="caller-group-company" />
      ) : null}
      <Form.Item name="name" label={labels.name} rules={[rule('name')]}>
        <Input maxLength={64} data-testid="caller-group-name" />
      </Form.Item>
      <Form.Item name="rotation" label={labels.rotation} rules={[rule('rotation')]}>
        <Select
          data-testid="caller-group-rotation"
          options={CALLER_ROTATIONS.map((r) => ({ value: r, label: t(`group.rotations.${r}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="callerIds"
        label={labels.callerIds}
        rules={[rule('callerIds')]}
        extra={t('group.membersHint')}
      >
        <Select
          mode="multiple"
          data-testid="caller-group-members"
          loading={callers.isFetching}
          optionFilterProp="label"
          options={(callers.data?.records ?? []).map((c) => ({
            value: c.id,
            label: c.enabled ? c.number : `${c.number} (${t('disabled')})`,
          }))}
        />
      </Form.Item>
      <EnabledItem label={labels.enabled} />
      <RemarkItem label={labels.remark} rule={rule('remark')} />
    </FormModal>
  );
}
