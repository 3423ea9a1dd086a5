import { type SipAccount, sipAccountEditSchema, sipAccountInputSchema } from '@switchboard/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { RemarkItem, WholeNumberItem } from '@/components/form-items';
import { addOrEditSchema, useEntityForm } from '@/components/use-entity-form';
import { useSaveSipAccount } from '../api/trunks';

interface Values {
  username: string;
  password: string;
  realm: string;
  expiresS: number | null;
  remark: string;
}

const EMPTY: Values = { username: '', password: '', realm: '', expiresS: 3600, remark: '' };

const valuesOf = (a: SipAccount | null): Values =>
  a
    ? { ...EMPTY, username: a.username, realm: a.realm ?? '', expiresS: a.expiresS, remark: a.remark ?? '' }
    : EMPTY;

function bodyOf(values: Values, editing: boolean) {
  const v = { ...EMPTY, ...values };
  return {
    username: v.username.trim(),
    realm: v.realm.trim() || null,
    expiresS: v.expiresS,
    remark: v.remark.trim() || null,
    ...(editing && !v.password ? {} : { password: v.password }),
  };
}

/** Add or edit a SIP account (the password is write-only: empty on an edit keeps it). */
export function SipAccountFormModal({ open, editing, onClose }: EntityModalProps<SipAccount>) {
  const { t } = useTranslation('trunk');
  const save = useSaveSipAccount();
  const labels = {
    username: t('sip.username'),
    password: t('sip.password'),
    realm: t('sip.realm'),
    expiresS: t('sip.expiresS'),
    remark: t('fields.remark'),
  };
  const entity = useEntityForm({
    open,
    editing,
    valuesOf,
    schema: addOrEditSchema(
      editing,
      { add: sipAccountInputSchema, edit: sipAccountEditSchema },
      (values: Values) => bodyOf(values, editing !== null),
    ),
    labels,
    save: (values) => {
      // The form refused an empty expiry (as the schema does): undefined is never sent in fact.
      const expiresS = values.expiresS ?? undefined;
      return editing
        ? save.mutateAsync({ id: editing.id, input: { ...bodyOf(values, true), expiresS } })
        : save.mutateAsync({ input: { ...bodyOf(values, false), expiresS, password: values.password } });
    },
    successMessage: t('saved'),
    onClose,
    errorCodeFields: { SIP_ACCOUNT_TAKEN: 'username' },
  });
  const { rule } = entity;
  return (
    <FormModal entity={entity} title={editing ? t('sip.editTitle') : t('sip.createTitle')} testId="sip-form">
      <Form.Item name="username" label={labels.username} rules={[rule('username')]}>
        <Input maxLength={64} autoComplete="off" data-testid="sip-username" />
      </Form.Item>
      <Form.Item
        name="password"
        label={labels.password}
        rules={[rule('password')]}
        extra={editing ? t('sip.passwordKeep') : undefined}
      >
        <Input.Password maxLength={128} autoComplete="new-password" data-testid="sip-password" />
      </Form.Item>
      <Form.Item name="realm" label={labels.realm} rules={[rule('realm')]} extra={t('sip.realmHint')}>
        <Input maxLength={128} />
      </Form.Item>
      <WholeNumberItem name="expiresS" label={labels.expiresS} rule={rule('expiresS')} />
      <RemarkItem label={labels.remark} rule={rule('remark')} />
    </FormModal>
  );
}
