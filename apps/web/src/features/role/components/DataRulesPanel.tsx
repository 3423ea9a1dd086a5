import { PlusOutlined } from '@ant-design/icons';
import type { DataRuleRecord, GrantTreeNode, RoleRecord } from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Switch, type TableColumnsType, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/DataTable';
import { useEntityModal } from '@/components/FormModal';
import { rowActionsColumn } from '@/components/RowActions';
import { useConfirmDelete } from '@/components/use-confirm-delete';
import { roleDataRulesQuery, useDeleteDataRule, useSaveDataRule, useSaveRoleRules } from '../api/roles';
import { DataRuleFormModal } from './DataRuleFormModal';

/**
 * The data rules of one menu's list: add, edit, switch on and off, delete; the checked ones are
 * those this role applies (saved apart from the tree, on a menu the role holds).
 */
export function DataRulesPanel({
  role,
  permission,
  menuTitle,
  granted,
}: {
  role: RoleRecord;
  permission: GrantTreeNode;
  menuTitle: string;
  granted: boolean;
}) {
  const { t } = useTranslation('role');
  const { message } = App.useApp();
  const confirmRemoval = useConfirmDelete();
  const rules = useQuery(roleDataRulesQuery(role.id, permission.key));
  const saveRule = useSaveDataRule();
  const removeRule = useDeleteDataRule();
  const saveChoice = useSaveRoleRules();
  const [chosen, setChosen] = useState<string[]>([]);
  const form = useEntityModal<DataRuleRecord>();
  useEffect(() => {
    if (rules.data) setChosen(rules.data.checked);
  }, [rules.data]);

  const setEnabled = (rule: DataRuleRecord, enabled: boolean) =>
    saveRule.mutate({
      id: rule.id,
      input: {
        permissionId: rule.permissionId,
        ruleName: rule.ruleName,
        ruleColumn: rule.ruleColumn,
        ruleCondition: rule.ruleCondition as 'like',
        ruleValue: rule.ruleValue,
        enabled,
      },
    });

  const confirmDelete = (rule: DataRuleRecord) =>
    confirmRemoval(
      {
        content: t('rules.deleteConfirm', { name: rule.ruleName }),
        ok: t('delete'),
        cancel: t('cancel'),
        done: t('rules.deleted'),
      },
      () => removeRule.mutateAsync(rule.id),
    );

  const columns: TableColumnsType<DataRuleRecord> = [
    { title: t('rules.fields.ruleName'), dataIndex: 'ruleName' },
    { title: t('rules.fields.ruleColumn'), dataIndex: 'ruleColumn', render: (c: string) => <code>{c}</code> },
    {
      title: t('rules.fields.ruleCondition'),
      dataIndex: 'ruleCondition',
      render: (c: string) => t(`rules.conditions.${c}` as 'rules.conditions.=', { defaultValue: c }),
    },
    { title: t('rules.fields.ruleValue'), dataIndex: 'ruleValue', render: (v: string) => <code>{v}</code> },
    {
      title: t('rules.fields.enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean, rule) => (
        <Switch
          size="small"
          checked={enabled}
          checkedChildren={t('rules.enabledOn')}
          unCheckedChildren={t('rules.enabledOff')}
          loading={saveRule.isPending && saveRule.variables?.id === rule.id}
          onChange={(on) => setEnabled(rule, on)}
          data-testid={`data-rule-enabled-${rule.ruleName}`}
        />
      ),
    },
    rowActionsColumn<DataRuleRecord>(t('actions'), (rule) => [
      { key: 'edit', label: t('edit'), onClick: () => form.edit(rule) },
      { key: 'delete', label: t('delete'), danger: true, onClick: () => confirmDelete(rule) },
    ]),
  ];

  return (
    <div data-testid="data-rules-panel">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('rules.title', { menu: menuTitle })}
        </Typography.Title>
        <Button icon={<PlusOutlined />} onClick={() => form.add()} data-testid="data-rule-add">
          {t('rules.add')}
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary">{t('rules.hint')}</Typography.Paragraph>
      {granted ? null : (
        <Alert type="warning" showIcon title={t('rules.notGranted')} style={{ marginBottom: 8 }} />
      )}
      <DataTable<DataRuleRecord>
        size="small"
        rowKey="id"
        loading={rules.isPending}
        dataSource={rules.data?.rules ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          selectedRowKeys: chosen,
          onChange: (keys) => setChosen(keys.map(String)),
          getCheckboxProps: () => ({ disabled: !granted }),
          columnTitle: t('rules.fields.applied'),
        }}
      />
      <Flex justify="end" style={{ marginTop: 8 }}>
        <Button
          type="primary"
          disabled={!granted}
          loading={saveChoice.isPending}
          onClick={() =>
            saveChoice.mutate(
              { roleId: role.id, permissionId: permission.key, dataRuleIds: chosen },
              { onSuccess: () => void message.success(t('rules.choiceSaved')) },
            )
          }
          data-testid="data-rule-save-choice"
        >
          {t('rules.saveChoice')}
        </Button>
      </Flex>
      <DataRuleFormModal {...form.modal} permissionId={permission.key} columns={rules.data?.columns ?? []} />
    </div>
  );
}
