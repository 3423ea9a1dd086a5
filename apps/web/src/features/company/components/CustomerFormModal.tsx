import {
  agentCustomerAddSchema,
  agentCustomerEditSchema,
  type CompanyListItem,
} from '@switchboard/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { useAddCustomer, useEditCustomer } from '../api/agent';
import { CompanyFields, companyEditOf, companyFieldValues, useCompanyFieldLabels } from './CompanyFields';

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
  const labels = useCompanyFieldLabels();
  const entity = useEntityForm({
    open,
    editing,
    valuesOf: companyFieldValues,
    schema: editing ? agentCustomerEditSchema.omit({ id: true }) : agentCustomerAddSchema,
    labels,
    save: (v) => (editing ? edit.mutateAsync(companyEditOf(editing.id, v)) : add.mutateAsync(v)),
    successMessage: t('saved'),
    onClose,
  });
  const { rule } = entity;
  return (
    <FormModal
      entity={entity}
      title={editing ? t('editTitle', { name: editing.name }) : t('addTitle')}
      testId="customer-form"
    >
      <CompanyFields
        testIdPrefix="customer-form"
        creating={!editing}
        rule={rule}
        allowAgents={canMakeAgents}
        adminHint={t('adminHint')}
      />
    </FormModal>
  );
}
