import { type DepartTreeNode, departInputSchema } from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { companyPickQuery, useSaveDepart } from '../api/departs';

interface Values {
  departName: string;
  departNameZh: string;
  agentId: string | undefined;
  sortNo: number;
}
const EMPTY: Values = { departName: '', departNameZh: '', agentId: undefined, sortNo: 0 };

/** What the dialog does: a new department (under `parent`, or at the top) or an edit of `editing`. */
export type DepartFormTarget =
  | { kind: 'add'; parent: DepartTreeNode | null }
  | { kind: 'edit'; editing: DepartTreeNode };

/** Adding or editing a department: both names, the agent it carries, its sort; the org code is generated. */
export function DepartFormModal({
  target,
  nameOf,
  onClose,
}: {
  target: DepartFormTarget | null;
  nameOf: (d: DepartTreeNode) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation('system');
  const save = useSaveDepart();
  const [agentSearch, setAgentSearch] = useState('');
  const agents = useQuery({ ...companyPickQuery(agentSearch, 'agent'), enabled: target !== null });
  const editing = target?.kind === 'edit' ? target.editing : null;
  const labels = {
    departName: t('depart.departName'),
    departNameZh: t('depart.departNameZh'),
    agentId: t('depart.agent'),
    sortNo: t('depart.sortNo'),
  };
  const entity = useEntityForm<Values, DepartTreeNode>({
    open: target !== null,
    editing,
    valuesOf: (d) =>
      d
        ? {
            departName: d.departName,
            departNameZh: d.departNameZh ?? '',
            agentId: d.agentId ?? undefined,
            sortNo: d.sortNo,
          }
        : EMPTY,
    schema: departInputSchema,
    labels,
    save: (v) => {
      const input = {
        departName: v.departName,
        departNameZh: v.departNameZh,
        agentId: v.agentId ?? null,
        sortNo: v.sortNo ?? 0,
      };
      if (editing) return save.mutateAsync({ kind: 'edit', input: { id: editing.id, ...input } });
      const parent = target?.kind === 'add' ? target.parent : null;
      return save.mutateAsync({ kind: 'add', input: { ...input, parentId: parent?.id ?? null } });
    },
    successMessage: t('depart.saved'),
    onClose,
  });
  const { rule } = entity;
  const title = editing
    ? t('depart.editTitle', { name: nameOf(editing) })
    : target?.kind === 'add' && target.parent
      ? t('depart.addChildTitle', { name: nameOf(target.parent) })
      : t('depart.addTitle');
  return (
    <FormModal entity={entity} title={title} testId="depart-form">
      <Form.Item name="departName" label={labels.departName} rules={[rule('departName')]}>
        <Input maxLength={128} data-testid="depart-form-name" />
      </Form.Item>
      <Form.Item name="departNameZh" label={labels.departNameZh} rules={[rule('departNameZh')]}>
        <Input maxLength={128} data-testid="depart-form-name-zh" />
      </Form.Item>
      <Form.Item label={t('depart.orgCode')} extra={editing ? undefined : t('depart.orgCodeHint')}>
        <Input value={editing?.orgCode ?? ''} disabled data-testid="depart-form-org-code" />
      </Form.Item>
      <Form.Item name="agentId" label={labels.agentId} extra={t('depart.agentHint')}>
        <Select
          allowClear
          showSearch={{ filterOption: false, onSearch: setAgentSearch }}
          options={(agents.data?.records ?? []).map((c) => ({ value: c.id, label: c.name }))}
          labelRender={(option) =>
            option.label ?? (editing?.agentId === option.value ? editing.agentName : option.value)
          }
          data-testid="depart-form-agent"
        />
      </Form.Item>
      <Form.Item name="sortNo" label={labels.sortNo} rules={[rule('sortNo')]}>
        <InputNumber min={0} max={9999} precision={0} data-testid="depart-form-sort" />
      </Form.Item>
    </FormModal>
  );
}
