import { type VoiceRoute, voiceRouteEditSchema, voiceRouteInputSchema } from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { EnabledItem, RemarkItem, WholeNumberItem } from '@/components/form-items';
import { useAddOrEditForm } from '@/components/use-entity-form';
import { CompanySelect } from '@/features/sms-template';
import { trunkOptionsQuery, useSaveVoiceRoute } from '../api/trunks';

interface Values {
  name: string;
  companyId: string | undefined;
  countryCode: string;
  prefix: string;
  enabled: boolean;
  sortOrder: number | null;
  trunkIds: string[];
  remark: string;
}

const EMPTY: Values = {
  name: '',
  companyId: undefined,
  countryCode: '',
  prefix: '',
  enabled: true,
  sortOrder: 100,
  trunkIds: [],
  remark: '',
};

const valuesOf = (r: VoiceRoute | null): Values =>
  r
    ? {
        name: r.name,
        companyId: r.companyId ?? undefined,
        countryCode: r.countryCode ?? '',
        prefix: r.prefix ?? '',
        enabled: r.enabled,
        sortOrder: r.sortOrder,
        trunkIds: r.trunks.map((t) => t.id),
        remark: r.remark ?? '',
      }
    : EMPTY;

function bodyOf(values: Values) {
  const v = { ...EMPTY, ...values };
  return {
    name: v.name.trim(),
    companyId: v.companyId || null,
    countryCode: v.countryCode.trim() || null,
    prefix: v.prefix.trim() || null,
    enabled: v.enabled,
    sortOrder: v.sortOrder,
    trunkIds: v.trunkIds,
    remark: v.remark.trim() || null,
  };
}

/** The request of valid values (the form refused an empty sort order, as the schema does). */
function requestOf(values: Values) {
  const body = bodyOf(values);
  return { ...body, sortOrder: body.sortOrder ?? undefined };
}

/** Add or edit a voice route: what it matches and its trunks in failover order. */
export function VoiceRouteFormModal({ open, editing, onClose }: EntityModalProps<VoiceRoute>) {
  const { t } = useTranslation('trunk');
  const save = useSaveVoiceRoute();
  const trunks = useQuery({ ...trunkOptionsQuery(), enabled: open });
  const labels: Record<keyof Values, string> = {
    name: t('route.name'),
    companyId: t('route.companyId'),
    countryCode: t('route.countryCode'),
    prefix: t('route.prefix'),
    enabled: t('route.enabled'),
    sortOrder: t('route.sortOrder'),
    trunkIds: t('route.trunkIds'),
    remark: t('route.remark'),
  };
  const entity = useAddOrEditForm({
    open,
    editing,
    valuesOf,
    schemas: { add: voiceRouteInputSchema, edit: voiceRouteEditSchema },
    bodyOf: requestOf,
    checkedOf: bodyOf,
    labels,
    save: save.mutateAsync,
    successMessage: t('saved'),
    onClose,
    errorCodeFields: { VOICE_ROUTE_TRUNK_UNKNOWN: 'trunkIds' },
  });
  const { rule } = entity;
  return (
    <FormModal
      entity={entity}
      title={editing ? t('route.editTitle') : t('route.createTitle')}
      testId="route-form"
    >
      <Form.Item name="name" label={labels.name} rules={[rule('name')]}>
        <Input maxLength={64} data-testid="route-name" />
      </Form.Item>
      <Form.Item name="companyId" label={labels.companyId} extra={t('route.companyHint')}>
        <CompanySelect allowClear />
      </Form.Item>
      <Form.Item name="countryCode" label={labels.countryCode} rules={[rule('countryCode')]}>
        <Input maxLength={2} placeholder="GB" />
      </Form.Item>
      <Form.Item name="prefix" label={labels.prefix} rules={[rule('prefix')]}>
        <Input maxLength={16} placeholder="4474" />
      </Form.Item>
      <Form.Item
        name="trunkIds"
        label={labels.trunkIds}
        rules={[rule('trunkIds')]}
        extra={t('route.trunksHint')}
      >
        <Select
          mode="multiple"
          data-testid="route-trunks"
          loading={trunks.isFetching}
          options={(trunks.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
        />
      </Form.Item>
      <WholeNumberItem name="sortOrder" label={labels.sortOrder} rule={rule('sortOrder')} />
      <EnabledItem label={labels.enabled} />
      <RemarkItem label={labels.remark} rule={rule('remark')} />
    </FormModal>
  );
}
