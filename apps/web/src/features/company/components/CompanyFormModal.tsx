import {
  type CompanyListItem,
  type CompanyListQuery,
  companyAddSchema,
  companyEditSchema,
} from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/components/Can';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { api } from '@/lib/api-client';
import { useAddCompany, useEditCompany } from '../api/companies';
import {
  CompanyFields,
  type CompanyFieldValues,
  companyEditOf,
  companyFieldValues,
  useCompanyFieldLabels,
} from './CompanyFields';

interface CompanyFormValues extends CompanyFieldValues {
  parentCompanyId?: string | null;
  salesUserId?: string | null;
}

function valuesOf(company: CompanyListItem | null): CompanyFormValues {
  return {
    ...companyFieldValues(company),
    parentCompanyId: company?.parentCompanyId ?? null,
    salesUserId: company?.salesUserId ?? null,
  };
}

/** Resellers a new company may be placed under (agent-type companies in the caller's scope). */
function useResellerOptions(open: boolean) {
  const query = useQuery({
    queryKey: ['companies', 'list', 'resellers'],
    enabled: open,
    queryFn: ({ signal }) =>
      api.get('/sys/company/list', { type: 'agent', pageSize: 500 } satisfies CompanyListQuery, signal),
  });
  return (query.data?.records ?? []).map((c) => ({ value: c.id, label: c.name }));
}

/** Sales users an administrator may assign (users holding the sales role). */
function useSalesOptions(enabled: boolean) {
  const query = useQuery({
    queryKey: ['users', 'list', 'sales'],
    enabled,
    queryFn: ({ signal }) => api.get('/sys/user/list', { pageSize: 500 }, signal),
  });
  return (query.data?.records ?? [])
    .filter((u) => u.roles.includes('sales'))
    .map((u) => ({ value: u.id, label: `${u.realname} (${u.username})` }));
}

/**
 * Add a company (with its administrator user: the contact's name, phone and e-mail, a username
 * and a password) or edit one (name, contact, phone, e-mail, sales user).
 */
export function CompanyFormModal({ open, editing, onClose }: EntityModalProps<CompanyListItem>) {
  const { t } = useTranslation('system');
  const add = useAddCompany();
  const edit = useEditCompany();
  const fieldLabels = useCompanyFieldLabels();
  const canAssign = useCan('system:user:list').visible;
  const resellers = useResellerOptions(open && !editing);
  const sales = useSalesOptions(open && canAssign);
  const labels = {
    ...fieldLabels,
    parentCompanyId: t('company.parent'),
    salesUserId: t('company.sales'),
  };
  const entity = useEntityForm({
    open,
    editing,
    valuesOf,
    schema: editing ? companyEditSchema.omit({ id: true }) : companyAddSchema,
    labels,
    save: (v) =>
      editing
        ? edit.mutateAsync({
            ...companyEditOf(editing.id, v),
            ...(canAssign ? { salesUserId: v.salesUserId ?? null } : {}),
          })
        : add.mutateAsync({
            name: v.name,
            type: v.type,
            parentCompanyId: v.parentCompanyId ?? null,
            ...(canAssign ? { salesUserId: v.salesUserId ?? null } : {}),
            contactName: v.contactName,
            phone: v.phone,
            country: v.country,
            email: v.email,
            username: v.username,
            password: v.password,
          }),
    successMessage: t('table.saved'),
    onClose,
  });
  const { rule } = entity;

  return (
    <FormModal
      entity={entity}
      title={editing ? t('company.editTitle', { name: editing.name }) : t('company.addTitle')}
      testId="company-form"
    >
      <CompanyFields
        testIdPrefix="company-form"
        creating={!editing}
        rule={rule}
        adminHint={t('company.adminHint')}
        afterType={
          <>
            {editing ? null : (
              <Form.Item
                name="parentCompanyId"
                label={labels.parentCompanyId}
                extra={t('company.parentHint')}
              >
                <Select allowClear options={resellers} showSearch optionFilterProp="label" />
              </Form.Item>
            )}
            {canAssign ? (
              <Form.Item name="salesUserId" label={labels.salesUserId}>
                <Select allowClear options={sales} data-testid="company-form-sales" />
              </Form.Item>
            ) : null}
          </>
        }
      />
    </FormModal>
  );
}
