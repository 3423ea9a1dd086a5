import { type Seat, seatEditSchema, seatInputSchema } from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { EnabledItem, RemarkItem } from '@/components/form-items';
import { useAddOrEditForm } from '@/components/use-entity-form';
import { CompanyItem } from '@/features/sms-template';
import { useIsStaff } from '@/lib/session';
import { seatGroupOptionsQuery, seatUserOptionsQuery, useSaveSeat } from '../api/call-centre';

interface Values {
  jobNumber: string;
  name: string;
  sipUsername: string;
  sipPassword: string;
  companyId?: string;
  userId?: string | null;
  groupIds: string[];
  enabled: boolean;
  remark: string;
}

const EMPTY: Values = {
  jobNumber: '',
  name: '',
  sipUsername: '',
  sipPassword: '',
  userId: null,
  groupIds: [],
  enabled: true,
  remark: '',
};

const valuesOf = (s: Seat | null): Values =>
  s
    ? {
        jobNumber: s.jobNumber,
        name: s.name,
        sipUsername: s.sipUsername,
        sipPassword: '',
        userId: s.userId,
        groupIds: s.groups.map((g) => g.id),
        enabled: s.enabled,
        remark: s.remark ?? '',
      }
    : EMPTY;

function bodyOf(values: Values, pickCompany: boolean) {
  const v = { ...EMPTY, ...values };
  return {
    jobNumber: v.jobNumber.trim(),
    name: v.name.trim(),
    sipUsername: v.sipUsername.trim(),
    sipPassword: v.sipPassword,
    userId: v.userId || null,
    groupIds: v.groupIds,
    enabled: v.enabled,
    remark: v.remark.trim() || null,
    ...(pickCompany && v.companyId ? { companyId: v.companyId } : {}),
  };
}

/** Add or edit a seat: job number, name, SIP credentials (the password never shown), its user and groups. */
export function SeatFormModal({ open, editing, onClose }: EntityModalProps<Seat>) {
  const { t } = useTranslation('callCentre');
  const save = useSaveSeat();
  const pickCompany = useIsStaff() && !editing;
  const labels = {
    jobNumber: t('seat.jobNumber'),
    name: t('seat.name'),
    sipUsername: t('seat.sipUsername'),
    sipPassword: t('seat.sipPassword'),
    companyId: t('fields.company'),
    userId: t('seat.user'),
    groupIds: t('seat.groups'),
    enabled: t('fields.enabled'),
    remark: t('fields.remark'),
  };
  const entity = useAddOrEditForm({
    open,
    editing,
    valuesOf,
    schemas: { add: seatInputSchema, edit: seatEditSchema },
    bodyOf: (values: Values) => bodyOf(values, pickCompany),
    labels,
    save: save.mutateAsync,
    successMessage: t('saved'),
    onClose,
    errorCodeFields: {
      SEAT_JOB_NUMBER_TAKEN: 'jobNumber',
      SEAT_SIP_USERNAME_TAKEN: 'sipUsername',
      SEAT_USER_UNKNOWN: 'userId',
      SEAT_GROUP_UNKNOWN: 'groupIds',
    },
  });
  const { form, rule } = entity;
  const picked = Form.useWatch('companyId', form);
  const companyId = editing?.companyId ?? (pickCompany ? picked : undefined);
  const ready = open && (!pickCompany || !!picked);
  const groups = useQuery({ ...seatGroupOptionsQuery(companyId), enabled: ready });
  const users = useQuery({ ...seatUserOptionsQuery(companyId), enabled: ready });
  return (
    <FormModal
      entity={entity}
      title={editing ? t('seat.editTitle') : t('seat.createTitle')}
      testId="seat-form"
    >
      {pickCompany ? (
        <CompanyItem
          label={labels.companyId}
          message={t('pickCompany')}
          testId="seat-company"
          onChange={() => form.setFieldsValue({ userId: null, groupIds: [] })}
        />
      ) : null}
      <Form.Item
        name="jobNumber"
        label={labels.jobNumber}
        rules={[rule('jobNumber')]}
        extra={t('seat.jobNumberHint')}
      >
        <Input maxLength={16} inputMode="numeric" data-testid="seat-jobNumber" />
      </Form.Item>
      <Form.Item name="name" label={labels.name} rules={[rule('name')]}>
        <Input maxLength={64} data-testid="seat-name" />
      </Form.Item>
      <Form.Item name="sipUsername" label={labels.sipUsername} rules={[rule('sipUsername')]}>
        <Input maxLength={64} autoComplete="off" data-testid="seat-sipUsername" />
      </Form.Item>
      <Form.Item
        name="sipPassword"
        label={labels.sipPassword}
        rules={[rule('sipPassword')]}
        extra={editing ? t('seat.passwordKeep') : undefined}
      >
        <Input.Password maxLength={64} autoComplete="new-password" data-testid="seat-sipPassword" />
      </Form.Item>
      <Form.Item name="userId" label={labels.userId} rules={[rule('userId')]}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          loading={users.isFetching}
          data-testid="seat-user"
          options={(users.data ?? []).map((u) => ({
            value: u.id,
            label: u.realname ? `${u.realname} (${u.username})` : u.username,
          }))}
        />
      </Form.Item>
      <Form.Item name="groupIds" label={labels.groupIds} rules={[rule('groupIds')]}>
        <Select
          mode="multiple"
          optionFilterProp="label"
          loading={groups.isFetching}
          data-testid="seat-groups"
          options={(groups.data?.records ?? []).map((g) => ({ value: g.id, label: g.name }))}
        />
      </Form.Item>
      <EnabledItem label={labels.enabled} />
      <RemarkItem label={labels.remark} rule={rule('remark')} />
    </FormModal>
  );
}
