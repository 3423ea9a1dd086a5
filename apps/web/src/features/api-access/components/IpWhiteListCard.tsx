import { PlusOutlined } from '@ant-design/icons';
import {
  API_IP_RULE_MAX_LENGTH,
  API_IP_RULE_NOTE_MAX_LENGTH,
  type ApiIpRuleRecord,
} from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/components/Can';
import { DataTable } from '@/components/DataTable';
import { DateTimeText } from '@/components/DateTimeText';
import { rowActionsColumn } from '@/components/RowActions';
import { isApiError } from '@/lib/api-client';
import { showError } from '@/lib/query-client';
import { MOBILE_SCREEN, useMediaQuery } from '@/lib/use-media-query';
import { ipRulesQuery, useAddIpRule, useDeleteIpRule } from '../api/ip-rules';
import { API_ACCESS_PERMISSIONS } from '../permissions';

/** Errors about the typed rule: shown beside it. */
const RULE_ERRORS = new Set(['IP_RULE_INVALID', 'API_IP_RULE_EXISTS', 'API_IP_RULES_LIMIT']);

/** Addresses and ranges allowed to call the API (not the login IP whitelist). */
export function IpWhiteListCard({ companyId }: { companyId: string | undefined }) {
  const { t } = useTranslation('apiAccess');
  const { message } = App.useApp();
  const rules = useQuery(ipRulesQuery(companyId));
  const add = useAddIpRule();
  const remove = useDeleteIpRule();
  const canEdit = useCan(API_ACCESS_PERMISSIONS.ipWhiteList);
  const mobile = useMediaQuery(MOBILE_SCREEN);
  const [form] = Form.useForm<{ rule: string; note?: string }>();

  const submit = ({ rule, note }: { rule: string; note?: string }) =>
    add.mutate(
      { companyId, rule: rule.trim(), note: note?.trim() || undefined },
      {
        onSuccess: () => {
          form.resetFields();
          void message.success(t('ipWhiteList.added'));
        },
        onError: (error) => {
          if (isApiError(error)) {
            const problem = error.fieldErrors.find((p) => p.field === 'rule' || p.field === 'note');
            if (problem)
              return form.setFields([{ name: problem.field as 'rule', errors: [problem.message] }]);
            if (error.errorCode && RULE_ERRORS.has(error.errorCode)) {
              return form.setFields([{ name: 'rule', errors: [error.message] }]);
            }
          }
          showError(error);
        },
      },
    );

  const columns: TableColumnsType<ApiIpRuleRecord> = [
    {
      title: t('ipWhiteList.columns.rule'),
      dataIndex: 'rule',
      render: (rule: string) => <Typography.Text code>{rule}</Typography.Text>,
    },
    { title: t('ipWhiteList.columns.note'), dataIndex: 'note', render: (note: string | null) => note ?? '—' },
    {
      title: t('ipWhiteList.columns.created'),
      dataIndex: 'createdAt',
      responsive: ['md'],
      render: (value: string) => <DateTimeText value={value} />,
    },
    rowActionsColumn<ApiIpRuleRecord>(t('ipWhiteList.columns.actions'), (record) => [
      {
        key: 'delete',
        label: t('ipWhiteList.delete'),
        danger: true,
        permission: API_ACCESS_PERMISSIONS.ipWhiteList,
        confirm: t('ipWhiteList.deleteConfirm', { rule: record.rule }),
        onClick: () =>
          remove.mutate(record.id, { onSuccess: () => void message.success(t('ipWhiteList.deleted')) }),
        testId: `delete-rule-${record.rule}`,
      },
    ]),
  ];

  return (
    <Card title={t('ipWhiteList.title')} data-testid="ip-whitelist-card">
      <Typography.Paragraph type="secondary">{t('ipWhiteList.intro')}</Typography.Paragraph>
      {canEdit.visible && (
        <Form
          form={form}
          layout={mobile ? 'vertical' : 'inline'}
          onFinish={submit}
          style={{ marginBottom: 16, rowGap: 8 }}
          data-testid="ip-rule-form"
        >
          <Form.Item
            name="rule"
            label={t('ipWhiteList.rule')}
            rules={[{ required: true, whitespace: true, message: t('ipWhiteList.rulePlaceholder') }]}
          >
            <Input
              placeholder={t('ipWhiteList.rulePlaceholder')}
              maxLength={API_IP_RULE_MAX_LENGTH}
              style={{ width: mobile ? '100%' : 260 }}
              disabled={canEdit.disabled}
              data-testid="ip-rule-input"
            />
          </Form.Item>
          <Form.Item name="note" label={t('ipWhiteList.note')}>
            <Input
              maxLength={API_IP_RULE_NOTE_MAX_LENGTH}
              style={{ width: mobile ? '100%' : 200 }}
              disabled={canEdit.disabled}
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            icon={<PlusOutlined />}
            loading={add.isPending}
            disabled={canEdit.disabled}
            data-testid="ip-rule-add"
          >
            {t('ipWhiteList.add')}
          </Button>
        </Form>
      )}
      <DataTable<ApiIpRuleRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rules.data?.records ?? []}
        loading={rules.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('ipWhiteList.empty') }}
        data-testid="ip-rules-table"
      />
    </Card>
  );
}
