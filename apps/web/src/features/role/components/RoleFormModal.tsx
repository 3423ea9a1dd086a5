import { type RoleInput, type RoleRecord, roleInputSchema } from '@switchboard/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { isRoleCodeFree, useSaveRole } from '../api/roles';

const EMPTY: RoleInput = { roleCode: '', roleName: '', roleNameZh: '', description: '' };

function valuesOf(role: RoleRecord | null): RoleInput {
  if (!role) return EMPTY;
  return {
    roleCode: role.roleCode,
    roleName: role.roleName,
    roleNameZh: role.roleNameZh,
    description: role.description ?? '',
  };
}

/** Add or edit a role: code (unique, checked as it is typed), names in both languages, description. */
export function RoleFormModal({ open, editing, onClose }: EntityModalProps<RoleRecord>) {
  const { t } = useTranslation('role');
  const save = useSaveRole();
  const labels = {
    roleCode: t('fields.roleCode'),
    roleName: t('fields.roleName'),
    roleNameZh: t('fields.roleNameZh'),
    description: t('fields.description'),
  };
  const entity = useEntityForm({
    open,
    editing,
    valuesOf,
    schema: roleInputSchema,
    labels,
    save: (values) =>
      save.mutateAsync({
        id: editing?.id,
        input: {
          roleCode: values.roleCode.trim(),
          roleName: values.roleName.trim(),
          roleNameZh: values.roleNameZh.trim(),
          description: values.description?.trim() ?? '',
        },
      }),
    successMessage: t('saved'),
    onClose,
    errorCodeFields: { ROLE_CODE_TAKEN: 'roleCode', ROLE_BUILT_IN_CODE: 'roleCode' },
  });
  const { rule } = entity;

  const codeIsFree = {
    validateTrigger: 'onBlur',
    validator: async (_: unknown, value: unknown) => {
      const code = typeof value === 'string' ? value.trim() : '';
      if (!roleInputSchema.shape.roleCode.safeParse(code).success) return;
      if (editing && editing.roleCode === code) return;
      if (!(await isRoleCodeFree(code, editing?.id))) throw new Error(t('codeTaken', { code }));
    },
  };

  return (
    <FormModal entity={entity} title={editing ? t('editTitle') : t('createTitle')} testId="role-form">
      <Form.Item
        name="roleCode"
        label={labels.roleCode}
        rules={[rule('roleCode'), codeIsFree]}
        validateTrigger={['onChange', 'onBlur']}
        extra={editing?.builtIn ? t('builtInHint') : t('codeHint')}
      >
        <Input maxLength={64} disabled={editing?.builtIn} data-testid="role-code-input" />
      </Form.Item>
      <Form.Item name="roleName" label={labels.roleName} rules={[rule('roleName')]}>
        <Input maxLength={64} data-testid="role-name-input" />
      </Form.Item>
      <Form.Item name="roleNameZh" label={labels.roleNameZh} rules={[rule('roleNameZh')]}>
        <Input maxLength={64} data-testid="role-name-zh-input" />
      </Form.Item>
      <Form.Item name="description" label={labels.description} rules={[rule('description')]}>
        <Input.TextArea maxLength={256} rows={2} />
      </Form.Item>
    </FormModal>
  );
}
