import {
  type CallResultSetting,
  callResultSettingEditSchema,
  callResultSettingInputSchema,
} from '@switchboard/contracts';
import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { EnabledItem, RemarkItem, WholeNumberItem } from '@/components/form-items';
import { useAddOrEditForm } from '@/components/use-entity-form';
import { CompanyItem } from '@/features/sms-template';
import { useIsStaff } from '@/lib/session';
import { useSaveCallResult } from '../api/call-centre';

interface Values {
  name: string;
  companyId?: string;
  redial: boolean;
  sort: number;
  enabled: boolean;
  remark: string;
}

const EMPTY: Values = { name: '', redial: false, sort: 0, enabled: true, remark: '' };

const valuesOf = (r: CallResultSetting | null): Values =>
  r ? { name: r.name, redial: r.redial, sort: r.sort, enabled: r.enabled, remark: r.remark ?? '' } : EMPTY;

function bodyOf(values: Values, pickCompany: boolean) {
  const v = { ...EMPTY, ...values };
  return {
    name: v.name.trim(),
    redial: v.redial,
    sort: v.sort,
    enabled: v.enabled,
    remark: v.remark.trim() || null,
    ...(pickCompany && v.companyId ? { companyId: v.companyId } : {}),
  };
}

/** Add or edit a call result (a disposition a seat records), and whether it asks for a redial. */
export function CallResultFormModal({ open, editing, onClose }: EntityModalProps<CallResultSetting>) {
  const { t } = useTranslation('callCentre');
  const save = useSaveCallResult();
  const pickCompany = useIsStaff() && !editing;
  const labels = {
    name: t('result.name'),
    companyId: t('fields.company'),
    redial: t('result.redial'),
    sort: t('result.sort'),
    enabled: t('fields.enabled'),
    remark: t('fields.remark'),
  };
  const entity = useAddOrEditForm({
    open,
    editing,
    valuesOf,
    schemas: { add: callResultSettingInputSchema, edit: callResultSettingEditSchema },
    bodyOf: (values: Values) => bodyOf(values, pickCompany),
    labels,
    save: save.mutateAsync,
    successMessage: t('saved'),
    onClose,
    errorCodeFields: { CALL_RESULT_NAME_TAKEN: 'name' },
  });
  const { rule } = entity;
  return (
    <FormModal
      entity={entity}
      title={editing ? t('result.editTitle') : t('result.createTitle')}
      testId="call-result-form"
    >
      {pickCompany ? (
        <CompanyItem label={labels.companyId} message={t('pickCompany')} testId="call-result-company" />
      ) : null}
      <Form.Item name="name" label={labels.name} rules={[rule('name')]}>
        <Input maxLength={64} data-testid="call-result-name" />
      </Form.Item>
      <Form.Item name="redial" label={labels.redial} valuePropName="checked" extra={t('result.redialHint')}>
        <Switch data-testid="call-result-redial" />
      </Form.Item>
      <WholeNumberItem name="sort" label={labels.sort} rule={rule('sort')} testId="call-result-sort" />
      <EnabledItem label={labels.enabled} />
      <RemarkItem label={labels.remark} rule={rule('remark')} />
    </FormModal>
  );
}
