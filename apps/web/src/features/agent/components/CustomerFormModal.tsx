import {
  agentCustomerAddSchema,
  agentCustomerEditSchema,
  type CompanyListItem,
} from '@switchboard/contracts';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDict } from '@/components/dict';
import { FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { useAddCustomer, useEditCustomer } from '../api/agent';

interface CustomerFormValues {
  name: string;
  type: 'direct' | 'two-way' | 'agent';
  contactName: string;
  phone: string;
  email: string;
  username: string;
  password: string;
}

const EMPTY: CustomerFormValues = {
  name: '',
  type: 'direct',
  contactName: '',
  phone: '',
  email: '',
  username: '',
  password: '',
};

function valuesOf(c: CompanyListItem | null): CustomerFormValues {
  if (!c) return EMPTY;
  return {
    ...EMPTY,
    name: c.name,
    type: c.type,
    contactName: c.contactName ?? '',
    phone: c.phone ?? '',
    email: c.email ?? '',
  };
}

/** A new customer with its administrator user, or a customer's name and contact. */
export function CustomerFormModal({
  open,
  editing,
  canMakeAgents,
  onClose,
}: {
  open: boolean;
  editing: CompanyListItem | null;
  /** Distributors may create agents; agents only customers. */
  canMakeAgents: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('agent');
  const add = useAddCustomer();
  const edit = useEditCustomer();
  const types = useDict('company_type');
  const labels = {
    name: t('fields.name'),
    type: t('fields.type'),
    contactName: t('fields.contactName'),
    phone: t('fields.phone'),
    email: t('fields.email'),
    username: t('fields.username'),
    password: t('fields.password'),
  };
  const { form, rule, submit } = useEntityForm({
    open,
    editing,
    valuesOf,
    schema: editing ? agentCustomerEditSchema.omit({ id: true }) : agentCustomerAddSchema,
    labels,
    save: (v) =>
      editing
        ? edit.mutateAsync({
            id: editing.id,
            name: v.name,
            contactName: v.contactName,
            phone: v.phone,
            email: v.email,
          })
        : add.mutateAsync(v),
    successMessage: t('saved'),
    onSaved: onClose,
  });
  return (
    <FormModal
      form={form}
      open={open}
      title={editing ? t('editTitle', { name: editing.name }) : t('addTitle')}
      okText={t('save')}
      cancelText={t('cancel')}
      saving={add.isPending || edit.isPending}
      onSubmit={submit}
      onCancel={onClose}
      initialValues={EMPTY}
      testId="customer-form"
    >
      <Form.Item name="name" label={labels.name} rules={[rule('name')]}>
        <Input maxLength={128} data-testid="customer-form-name" />
      </Form.Item>
      {editing ? null : (
        <Form.Item name="type" label={labels.type} rules={[rule('type')]}>
          <Select
            options={types.options.filter((o) => canMakeAgents || o.value !== 'agent')}
            data-testid="customer-form-type"
          />
        </Form.Item>
      )}
      <Form.Item name="contactName" label={labels.contactName} rules={[rule('contactName')]}>
        <Input maxLength={64} data-testid="customer-form-contact" />
      </Form.Item>
      <Form.Item name="phone" label={labels.phone} rules={[rule('phone')]} extra={t('phoneHint')}>
        <Input maxLength={32} placeholder="+8613800138000" data-testid="customer-form-phone" />
      </Form.Item>
      <Form.Item name="email" label={labels.email} rules={[rule('email')]}>
        <Input maxLength={128} data-testid="customer-form-email" />
      </Form.Item>
      {editing ? null : (
        <>
          <Form.Item
            name="username"
            label={labels.username}
            rules={[rule('username')]}
            extra={t('adminHint')}
          >
            <Input maxLength={32} autoComplete="off" data-testid="customer-form-username" />
          </Form.Item>
          <Form.Item name="password" label={labels.password} rules={[rule('password')]}>
            <Input.Password maxLength={64} autoComplete="new-password" data-testid="customer-form-password" />
          </Form.Item>
        </>
      )}
    </FormModal>
  );
}
