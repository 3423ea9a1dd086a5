import {
  type CompanyListItem,
  type CompanyListQuery,
  companyAddSchema,
  companyEditSchema,
  type Page,
  type UserListItem,
} from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/components/Can';
import { useDict } from '@/components/dict';
import { FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { apiClient } from '@/lib/api-client';
import { useAddCompany, useEditCompany } from '../api/companies';

interface CompanyFormValues {
  name: string;
  type: 'direct' | 'two-way' | 'agent';
  parentCompanyId?: string | null;
  salesUserId?: string | null;
  contactName: string;
  phone: string;
  email: string;
  username: string;
  password: string;
}

const EMPTY: CompanyFormValues = {
  name: '',
  type: 'direct',
  parentCompanyId: null,
  salesUserId: null,
  contactName: '',
  phone: '',
  email: '',
  username: '',
  password: '',
};

function valuesOf(company: CompanyListItem | null): CompanyFormValues {
  if (!company) return EMPTY;
  return {
    ...EMPTY,
    name: company.name,
    type: company.type,
    parentCompanyId: company.parentCompanyId,
    salesUserId: company.salesUserId,
    contactName: company.contactName ?? '',
    phone: company.phone ?? '',
    email: company.email ?? '',
  };
}

/** Resellers a new company may be placed under (agent-type companies in the caller's scope). */
function useResellerOptions(open: boolean) {
  const query = useQuery({
    queryKey: ['companies', 'list', 'resellers'],
    enabled: open,
    queryFn: ({ signal }) =>
      apiClient.get<Page<CompanyListItem>>(
        '/sys/company/list',
        { type: 'agent', pageSize: 500 } satisfies CompanyListQuery,
        signal,
      ),
  });
  return (query.data?.records ?? []).map((c) => ({ value: c.id, label: c.name }));
}

/** Sales users an administrator may assign (users holding the sales role). */
function useSalesOptions(enabled: boolean) {
  const query = useQuery({
    queryKey: ['users', 'list', 'sales'],
    enabled,
    queryFn: ({ signal }) => apiClient.get<Page<UserListItem>>('/sys/user/list', { pageSize: 500 }, signal),
  });
  return (query.data?.records ?? [])
    .filter((u) => u.roles.includes('sales'))
    .map((u) => ({ value: u.id, label: `${u.realname} (${u.username})` }));
}

/**
 * Add a company (with its administrator user: the contact's name, phone and e-mail, a username
 * and a password) or edit one (name, contact, phone, e-mail, sales user).
 */
export function CompanyFormModal({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: CompanyListItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('system');
  const add = useAddCompany();
  const edit = useEditCompany();
  const types = useDict('company_type');
  const canAssign = useCan('system:user:list').visible;
  const resellers = useResellerOptions(open && !editing);
  const sales = useSalesOptions(open && canAssign);
  const labels = {
    name: t('company.name'),
    type: t('company.type'),
    parentCompanyId: t('company.parent'),
    salesUserId: t('company.sales'),
    contactName: t('company.contactName'),
    phone: t('company.phone'),
    email: t('company.email'),
    username: t('company.adminUsername'),
    password: t('company.adminPassword'),
  };
  const { form, rule, submit } = useEntityForm({
    open,
    editing,
    valuesOf,
    schema: editing ? companyEditSchema.omit({ id: true }) : companyAddSchema,
    labels,
    save: (v) =>
      editing
        ? edit.mutateAsync({
            id: editing.id,
            name: v.name,
            contactName: v.contactName,
            phone: v.phone,
            email: v.email,
            ...(canAssign ? { salesUserId: v.salesUserId ?? null } : {}),
          })
        : add.mutateAsync({
            name: v.name,
            type: v.type,
            parentCompanyId: v.parentCompanyId ?? null,
            ...(canAssign ? { salesUserId: v.salesUserId ?? null } : {}),
            contactName: v.contactName,
            phone: v.phone,
            email: v.email,
            username: v.username,
            password: v.password,
          }),
    successMessage: t('table.saved'),
    onSaved: onClose,
  });

  return (
    <FormModal
      form={form}
      open={open}
      title={editing ? t('company.editTitle', { name: editing.name }) : t('company.addTitle')}
      okText={t('table.save')}
      cancelText={t('company.cancel')}
      saving={add.isPending || edit.isPending}
      onSubmit={submit}
      onCancel={onClose}
      initialValues={EMPTY}
      testId="company-form"
    >
      <Form.Item name="name" label={labels.name} rules={[rule('name')]}>
        <Input maxLength={128} data-testid="company-form-name" />
      </Form.Item>
      {editing ? null : (
        <>
          <Form.Item name="type" label={labels.type} rules={[rule('type')]}>
            <Select options={types.options} data-testid="company-form-type" />
          </Form.Item>
          <Form.Item name="parentCompanyId" label={labels.parentCompanyId} extra={t('company.parentHint')}>
            <Select allowClear options={resellers} showSearch optionFilterProp="label" />
          </Form.Item>
        </>
      )}
      {canAssign ? (
        <Form.Item name="salesUserId" label={labels.salesUserId}>
          <Select allowClear options={sales} data-testid="company-form-sales" />
        </Form.Item>
      ) : null}
      <Form.Item name="contactName" label={labels.contactName} rules={[rule('contactName')]}>
        <Input maxLength={64} data-testid="company-form-contact" />
      </Form.Item>
      <Form.Item name="phone" label={labels.phone} rules={[rule('phone')]} extra={t('company.phoneHint')}>
        <Input maxLength={32} placeholder="+8613800138000" data-testid="company-form-phone" />
      </Form.Item>
      <Form.Item name="email" label={labels.email} rules={[rule('email')]}>
        <Input maxLength={128} data-testid="company-form-email" />
      </Form.Item>
      {editing ? null : (
        <>
          <Form.Item
            name="username"
            label={labels.username}
            rules={[rule('username')]}
            extra={t('company.adminHint')}
          >
            <Input maxLength={32} autoComplete="off" data-testid="company-form-username" />
          </Form.Item>
          <Form.Item name="password" label={labels.password} rules={[rule('password')]}>
            <Input.Password maxLength={64} autoComplete="new-password" data-testid="company-form-password" />
          </Form.Item>
        </>
      )}
    </FormModal>
  );
}
