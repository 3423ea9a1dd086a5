import {
  generateSmppPassword,
  SMPP_BINDS_MAX,
  SMPP_PASSWORD_MAX,
  SMPP_PASSWORD_SPEC_MAX,
  SMPP_SYSTEM_ID_MAX,
  SMPP_TPS_MAX,
  SMS_KINDS,
  type SmppAccountRecord,
  type SmsKind,
  smppAccountEditSchema,
  smppAccountInputSchema,
} from '@switchboard/contracts';
import { Button, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { CompanySelect } from '@/features/sms-template';
import { useSaveSmppAccount } from '../api/smpp-accounts';

interface Values {
  systemId: string;
  password: string;
  companyId: string;
  kind: SmsKind;
  allowedAddresses: string[];
  tpsLimit: number;
  maxBinds: number;
  enabled: boolean;
  remark: string;
}

const EMPTY: Values = {
  systemId: '',
  password: '',
  companyId: '',
  kind: 'notification',
  allowedAddresses: [],
  tpsLimit: 100,
  maxBinds: 2,
  enabled: true,
  remark: '',
};

function valuesOf(account: SmppAccountRecord | null): Values {
  // A new account starts with a strong generated password (the administrator may type another).
  if (!account) return { ...EMPTY, password: generateSmppPassword() };
  return {
    systemId: account.systemId,
    password: '',
    companyId: account.companyId,
    kind: account.kind,
    allowedAddresses: account.allowedAddresses,
    tpsLimit: account.tpsLimit,
    maxBinds: account.maxBinds,
    enabled: account.enabled,
    remark: account.remark ?? '',
  };
}

/** Add or edit an SMPP account; the password is write-only (blank when editing: unchanged). */
export function SmppAccountFormModal({ open, editing, onClose }: EntityModalProps<SmppAccountRecord>) {
  const { t } = useTranslation(['smppAccount', 'common']);
  const save = useSaveSmppAccount();
  const labels: Record<keyof Values, string> = {
    systemId: t('fields.systemId'),
    password: t('fields.password'),
    companyId: t('fields.company'),
    kind: t('fields.kind'),
    allowedAddresses: t('fields.allowedAddresses'),
    tpsLimit: t('fields.tpsLimit'),
    maxBinds: t('fields.maxBinds'),
    enabled: t('fields.enabled'),
    remark: t('fields.remark'),
  };
  const entity = useEntityForm<Values, SmppAccountRecord>({
    open,
    editing,
    valuesOf,
    schema: editing ? smppAccountEditSchema : smppAccountInputSchema,
    labels,
    errorCodeFields: { SMPP_SYSTEM_ID_TAKEN: 'systemId', SMPP_ADDRESS_INVALID: 'allowedAddresses' },
    save: (values) => {
      const common = {
        systemId: values.systemId.trim(),
        companyId: values.companyId,
        kind: values.kind,
        allowedAddresses: values.allowedAddresses.map((a) => a.trim()).filter(Boolean),
        tpsLimit: values.tpsLimit,
        maxBinds: values.maxBinds,
        enabled: values.enabled,
        remark: values.remark.trim() || null,
      };
      return editing
        ? save.mutateAsync({
            id: editing.id,
            edit: { id: editing.id, ...common, ...(values.password ? { password: values.password } : {}) },
          })
        : save.mutateAsync({ add: { ...common, password: values.password } });
    },
    successMessage: t('saved'),
    onClose,
  });
  const { form, rule } = entity;

  return (
    <FormModal entity={entity} title={editing ? t('editTitle') : t('createTitle')} testId="smpp-account-form">
      <Form.Item name="systemId" label={labels.systemId} rules={[rule('systemId')]}>
        <Input maxLength={SMPP_SYSTEM_ID_MAX} autoComplete="off" data-testid="smpp-account-system-id" />
      </Form.Item>
      <Form.Item
        label={labels.password}
        required={!editing}
        extra={editing ? `${t('passwordKeep')} ${t('passwordHint')}` : t('passwordHint')}
      >
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="password" noStyle rules={editing ? [] : [rule('password')]}>
            <Input.Password
              maxLength={SMPP_PASSWORD_MAX}
              autoComplete="new-password"
              data-testid="smpp-account-password"
            />
          </Form.Item>
          <Button
            onClick={() => form.setFieldValue('password', generateSmppPassword())}
            data-testid="smpp-account-generate"
          >
            {t('generate')}
          </Button>
          <Button
            onClick={() => form.setFieldValue('password', generateSmppPassword(SMPP_PASSWORD_SPEC_MAX))}
            data-testid="smpp-account-generate-short"
          >
            {t('generateShort', { n: SMPP_PASSWORD_SPEC_MAX })}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="companyId" label={labels.companyId} rules={[rule('companyId')]}>
        <CompanySelect testId="smpp-account-company" />
      </Form.Item>
      <Form.Item name="kind" label={labels.kind} extra={t('kindHint')}>
        <Select options={SMS_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
      </Form.Item>
      <Form.Item
        name="allowedAddresses"
        label={labels.allowedAddresses}
        rules={[rule('allowedAddresses')]}
        extra={t('allowedAddressesHint')}
      >
        <Select
          mode="tags"
          tokenSeparators={[',', ' ']}
          open={false}
          placeholder="203.0.113.10, 10.0.0.0/8"
        />
      </Form.Item>
      <Form.Item name="tpsLimit" label={labels.tpsLimit} rules={[rule('tpsLimit')]} extra={t('tpsHint')}>
        <InputNumber min={1} max={SMPP_TPS_MAX} precision={0} />
      </Form.Item>
      <Form.Item name="maxBinds" label={labels.maxBinds} rules={[rule('maxBinds')]}>
        <InputNumber min={1} max={SMPP_BINDS_MAX} precision={0} />
      </Form.Item>
      <Form.Item name="enabled" label={labels.enabled} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="remark" label={labels.remark} rules={[rule('remark')]}>
        <Input maxLength={255} />
      </Form.Item>
    </FormModal>
  );
}
