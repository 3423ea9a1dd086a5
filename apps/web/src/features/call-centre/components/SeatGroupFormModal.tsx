import {
  SEAT_DISTRIBUTIONS,
  type SeatGroup,
  seatGroupEditSchema,
  seatGroupInputSchema,
} from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { EnabledItem, RemarkItem, WholeNumberItem } from '@/components/form-items';
import { useAddOrEditForm } from '@/components/use-entity-form';
import { CompanyItem } from '@/features/sms-template';
import { useIsStaff } from '@/lib/session';
import { seatOptionsQuery, useSaveSeatGroup } from '../api/call-centre';

interface Values {
  name: string;
  companyId?: string;
  distribution: SeatGroup['distribution'];
  wrapUpS: number;
  seatIds: string[];
  enabled: boolean;
  remark: string;
}

const EMPTY: Values = {
  name: '',
  distribution: 'longest_idle',
  wrapUpS: 10,
  seatIds: [],
  enabled: true,
  remark: '',
};

const valuesOf = (g: SeatGroup | null): Values =>
  g
    ? {
        name: g.name,
        distribution: g.distribution,
        wrapUpS: g.wrapUpS,
        seatIds: g.seats.map((s) => s.id),
        enabled: g.enabled,
        remark: g.remark ?? '',
      }
    : EMPTY;

function bodyOf(values: Values, pickCompany: boolean) {
  const v = { ...EMPTY, ...values };
  return {
    name: v.name.trim(),
    distribution: v.distribution,
    wrapUpS: v.wrapUpS,
    seatIds: v.seatIds,
    enabled: v.enabled,
    remark: v.remark.trim() || null,
    ...(pickCompany && v.companyId ? { companyId: v.companyId } : {}),
  };
}

/** Add or edit a seat group: its company's seats, how calls are shared among them, the wrap-up after each. */
export function SeatGroupFormModal({ open, editing, onClose }: EntityModalProps<SeatGroup>) {
  const { t } = useTranslation('callCentre');
  const save = useSaveSeatGroup();
  const pickCompany = useIsStaff() && !editing;
  const labels = {
    name: t('group.name'),
    companyId: t('fields.company'),
    distribution: t('group.distribution'),
    wrapUpS: t('group.wrapUpS'),
    seatIds: t('group.seats'),
    enabled: t('fields.enabled'),
    remark: t('fields.remark'),
  };
  const entity = useAddOrEditForm({
    open,
    editing,
    valuesOf,
    schemas: { add: seatGroupInputSchema, edit: seatGroupEditSchema },
    bodyOf: (values: Values) => bodyOf(values, pickCompany),
    labels,
    save: save.mutateAsync,
    successMessage: t('saved'),
    onClose,
    errorCodeFields: { SEAT_GROUP_NAME_TAKEN: 'name', SEAT_GROUP_MEMBER_UNKNOWN: 'seatIds' },
  });
  const { form, rule } = entity;
  const picked = Form.useWatch('companyId', form);
  const companyId = editing?.companyId ?? (pickCompany ? picked : undefined);
  const seats = useQuery({ ...seatOptionsQuery(companyId), enabled: open && (!pickCompany || !!picked) });
  return (
    <FormModal
      entity={entity}
      title={editing ? t('group.editTitle') : t('group.createTitle')}
      testId="seat-group-form"
    >
      {pickCompany ? (
        <CompanyItem
          label={labels.companyId}
          message={t('pickCompany')}
          testId="seat-group-company"
          onChange={() => form.setFieldsValue({ seatIds: [] })}
        />
      ) : null}
      <Form.Item name="name" label={labels.name} rules={[rule('name')]}>
        <Input maxLength={64} data-testid="seat-group-name" />
      </Form.Item>
      <Form.Item name="distribution" label={labels.distribution} rules={[rule('distribution')]}>
        <Select
          data-testid="seat-group-distribution"
          options={SEAT_DISTRIBUTIONS.map((d) => ({ value: d, label: t(`group.distributions.${d}`) }))}
        />
      </Form.Item>
      <WholeNumberItem
        name="wrapUpS"
        label={labels.wrapUpS}
        rule={rule('wrapUpS')}
        extra={t('group.wrapUpHint')}
        testId="seat-group-wrapUp"
      />
      <Form.Item name="seatIds" label={labels.seatIds} rules={[rule('seatIds')]}>
        <Select
          mode="multiple"
          optionFilterProp="label"
          loading={seats.isFetching}
          data-testid="seat-group-seats"
          options={(seats.data?.records ?? []).map((s) => ({
            value: s.id,
            label: `${s.jobNumber} ${s.name}`,
          }))}
        />
      </Form.Item>
      <EnabledItem label={labels.enabled} />
      <RemarkItem label={labels.remark} rule={rule('remark')} />
    </FormModal>
  );
}
