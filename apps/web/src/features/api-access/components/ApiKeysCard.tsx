import {
  API_KEY_LABEL_MAX_LENGTH,
  API_KEYS_PER_COMPANY_MAX,
  API_ROTATE_GRACE_DEFAULT_MINUTES,
  type ApiKeyIssued,
  type ApiKeyRecord,
  type ApiKeyState,
} from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Card, Form, Input, Modal, Select, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { DataTable } from '@/components/DataTable';
import { DateTimeText } from '@/components/DateTimeText';
import { rowActionsColumn } from '@/components/RowActions';
import { formatDateTime } from '@/lib/format';
import {
  apiKeysQuery,
  useGenerateApiKey,
  useRevokeApiKey,
  useRotateApiKey,
  useSetApiKeyEnabled,
} from '../api/api-keys';
import { API_ACCESS_PERMISSIONS } from '../permissions';
import { SecretModal } from './SecretModal';

const STATE_COLORS: Record<ApiKeyState, string> = { active: 'green', disabled: 'orange', revoked: 'default' };
const GRACE_CHOICES = [0, 60, 1_440, 10_080] as const;

/** Generate: an optional label, then the secret once. */
function GenerateModal({
  open,
  companyId,
  onClose,
  onIssued,
}: {
  open: boolean;
  companyId: string | undefined;
  onClose: () => void;
  onIssued: (issued: ApiKeyIssued) => void;
}) {
  const { t } = useTranslation('apiAccess');
  const generate = useGenerateApiKey();
  const [form] = Form.useForm<{ label?: string }>();
  const submit = async () => {
    const { label } = await form.validateFields();
    const issued = await generate.mutateAsync({ companyId, label: label?.trim() || undefined });
    form.resetFields();
    onIssued(issued);
  };
  return (
    <Modal
      open={open}
      title={t('keys.generateTitle')}
      okText={t('keys.generateOk')}
      onOk={() => void submit().catch(() => {})}
      confirmLoading={generate.isPending}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'generate-confirm' }}
    >
      <Form form={form} layout="vertical" data-testid="generate-form">
        <Form.Item name="label" label={t('keys.label')} extra={t('keys.labelHint')}>
          <Input maxLength={API_KEY_LABEL_MAX_LENGTH} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Rotate: how long the current secret keeps working, then the new secret once. */
function RotateModal({
  apiKey,
  onClose,
  onIssued,
}: {
  apiKey: string | null;
  onClose: () => void;
  onIssued: (issued: ApiKeyIssued) => void;
}) {
  const { t } = useTranslation('apiAccess');
  const rotate = useRotateApiKey();
  const [grace, setGrace] = useState<number>(API_ROTATE_GRACE_DEFAULT_MINUTES);
  return (
    <Modal
      open={apiKey !== null}
      title={t('keys.rotateTitle', { apiKey })}
      okText={t('keys.rotateOk')}
      confirmLoading={rotate.isPending}
      onCancel={onClose}
      destroyOnHidden
      onOk={() =>
        apiKey && rotate.mutate({ apiKey, graceMinutes: grace }, { onSuccess: (issued) => onIssued(issued) })
      }
      okButtonProps={{ 'data-testid': 'rotate-confirm' }}
    >
      <Typography.Paragraph>{t('keys.rotateIntro')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('keys.grace')}>
          <Select
            value={grace}
            onChange={setGrace}
            options={GRACE_CHOICES.map((minutes) => ({
              value: minutes,
              label: t(`keys.graceOptions.${minutes}`),
            }))}
            data-testid="rotate-grace"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The company's API keys: generate, rotate, disable or enable, revoke. Never a secret but once. */
export function ApiKeysCard({ companyId }: { companyId: string | undefined }) {
  const { t } = useTranslation('apiAccess');
  const { message } = App.useApp();
  const keys = useQuery(apiKeysQuery(companyId));
  const setEnabled = useSetApiKeyEnabled();
  const revoke = useRevokeApiKey();
  const [generating, setGenerating] = useState(false);
  const [rotating, setRotating] = useState<string | null>(null);
  const [issued, setIssued] = useState<{ issued: ApiKeyIssued; rotated: boolean } | null>(null);

  const columns: TableColumnsType<ApiKeyRecord> = [
    {
      title: t('keys.columns.apiKey'),
      dataIndex: 'apiKey',
      render: (apiKey: string) => (
        <Typography.Text copyable code style={{ whiteSpace: 'nowrap' }}>
          {apiKey}
        </Typography.Text>
      ),
    },
    { title: t('keys.columns.label'), dataIndex: 'label', render: (label: string | null) => label ?? '—' },
    {
      title: t('keys.columns.state'),
      dataIndex: 'state',
      render: (state: ApiKeyState, record) => (
        <>
          <Tag color={STATE_COLORS[state]}>{t(`keys.state.${state}`)}</Tag>
          {record.previousSecretValidUntil && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {t('keys.graceUntil', { time: formatDateTime(record.previousSecretValidUntil) })}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: t('keys.columns.created'),
      dataIndex: 'createdAt',
      responsive: ['md'],
      render: (value: string) => <DateTimeText value={value} />,
    },
    {
      title: t('keys.columns.lastUsed'),
      dataIndex: 'lastUsedAt',
      responsive: ['md'],
      render: (value: string | null, record) =>
        value ? (
          <>
            <DateTimeText value={value} />
            {record.lastUsedIp && (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {t('keys.from', { ip: record.lastUsedIp })}
              </Typography.Text>
            )}
          </>
        ) : (
          t('keys.never')
        ),
    },
    rowActionsColumn<ApiKeyRecord>(t('keys.columns.actions'), (record) =>
      record.state === 'revoked'
        ? []
        : [
            {
              key: 'rotate',
              label: t('keys.rotate'),
              permission: API_ACCESS_PERMISSIONS.keys,
              onClick: () => setRotating(record.apiKey),
              testId: `rotate-${record.apiKey}`,
            },
            record.state === 'active'
              ? {
                  key: 'disable',
                  label: t('keys.disable'),
                  permission: API_ACCESS_PERMISSIONS.keys,
                  confirm: t('keys.disableConfirm'),
                  onClick: () =>
                    setEnabled.mutate(
                      { apiKey: record.apiKey, enabled: false },
                      { onSuccess: () => void message.success(t('keys.disabled')) },
                    ),
                  testId: `disable-${record.apiKey}`,
                }
              : {
                  key: 'enable',
                  label: t('keys.enable'),
                  permission: API_ACCESS_PERMISSIONS.keys,
                  onClick: () =>
                    setEnabled.mutate(
                      { apiKey: record.apiKey, enabled: true },
                      { onSuccess: () => void message.success(t('keys.enabled')) },
                    ),
                  testId: `enable-${record.apiKey}`,
                },
            {
              key: 'revoke',
              label: t('keys.revoke'),
              danger: true,
              permission: API_ACCESS_PERMISSIONS.keys,
              confirm: t('keys.revokeConfirm'),
              onClick: () =>
                revoke.mutate(record.apiKey, { onSuccess: () => void message.success(t('keys.revoked')) }),
              testId: `revoke-${record.apiKey}`,
            },
          ],
    ),
  ];

  return (
    <Card
      title={t('keys.title')}
      data-testid="api-keys-card"
      extra={
        <AddButton
          permission={API_ACCESS_PERMISSIONS.keys}
          onClick={() => setGenerating(true)}
          testId="generate-key"
        >
          {t('keys.generate')}
        </AddButton>
      }
    >
      <Typography.Paragraph type="secondary">
        {t('keys.intro')} {t('keys.limit', { max: API_KEYS_PER_COMPANY_MAX })}
      </Typography.Paragraph>
      <DataTable<ApiKeyRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={keys.data?.records ?? []}
        loading={keys.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('keys.empty') }}
        data-testid="api-keys-table"
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0, fontSize: 12 }}>
        {t('keys.usage')}
      </Typography.Paragraph>
      <GenerateModal
        open={generating}
        companyId={companyId}
        onClose={() => setGenerating(false)}
        onIssued={(value) => {
          setGenerating(false);
          setIssued({ issued: value, rotated: false });
        }}
      />
      <RotateModal
        key={rotating ?? ''}
        apiKey={rotating}
        onClose={() => setRotating(null)}
        onIssued={(value) => {
          setRotating(null);
          setIssued({ issued: value, rotated: true });
        }}
      />
      <SecretModal
        issued={issued?.issued ?? null}
        rotated={issued?.rotated ?? false}
        onClose={() => setIssued(null)}
      />
    </Card>
  );
}
