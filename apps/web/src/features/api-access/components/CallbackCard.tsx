import { CALLBACK_URL_MAX_LENGTH, type CallbackTestResult } from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Input,
  Popconfirm,
  Space,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/components/Can';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { showError } from '@/lib/query-client';
import {
  callbackQuery,
  useEditCallback,
  useRegenerateCallbackSecret,
  useRevealCallbackSecret,
  useTestCallback,
} from '../api/callback';
import { API_ACCESS_PERMISSIONS } from '../permissions';

/** A test's outcome in words: status and time, or why there was no answer. */
function TestOutcome({ result, testId }: { result: CallbackTestResult; testId: string }) {
  const { t } = useTranslation('apiAccess');
  const text =
    result.status === null
      ? t('callback.noAnswer', { ms: result.durationMs, error: result.error ?? '' })
      : result.delivered
        ? t('callback.delivered', { status: result.status, ms: result.durationMs })
        : t('callback.notDelivered', { status: result.status, ms: result.durationMs });
  return (
    <Alert
      type={result.delivered ? 'success' : result.status === null ? 'error' : 'warning'}
      showIcon
      title={text}
      description={result.url}
      data-testid={testId}
    />
  );
}

/** Errors of the URL that belong beside the field. */
const URL_ERRORS = new Set(['CALLBACK_URL_PRIVATE', 'CALLBACK_URL_NOT_SET']);

/** The delivery-report callback URL, its "send test", and the secret that signs what is posted. */
export function CallbackCard({ companyId }: { companyId: string | undefined }) {
  const { t } = useTranslation('apiAccess');
  const { message } = App.useApp();
  const config = useQuery(callbackQuery(companyId));
  const edit = useEditCallback();
  const test = useTestCallback();
  const reveal = useRevealCallbackSecret();
  const regenerate = useRegenerateCallbackSecret();
  const canEdit = useCan(API_ACCESS_PERMISSIONS.callback);
  const [form] = Form.useForm<{ url: string }>();
  const [tested, setTested] = useState<CallbackTestResult | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const saved = config.data?.url ?? '';

  useEffect(() => form.setFieldsValue({ url: saved }), [saved, form]);

  /** A refusal about the URL goes beside it; anything else is shown as usual. */
  const onUrlError = (error: unknown) => {
    if (isApiError(error)) {
      const problem = error.fieldErrors.find((p) => p.field === 'url');
      if (problem || (error.errorCode && URL_ERRORS.has(error.errorCode))) {
        form.setFields([{ name: 'url', errors: [problem?.message ?? error.message] }]);
        return;
      }
    }
    showError(error);
  };

  const save = (url: string) =>
    edit.mutate(
      { companyId, url: url.trim() === '' ? null : url.trim() },
      {
        onSuccess: (result) => void message.success(result.url ? t('callback.saved') : t('callback.removed')),
        onError: onUrlError,
      },
    );

  const sendTest = () => {
    const url = (form.getFieldValue('url') as string | undefined)?.trim();
    form.setFields([{ name: 'url', errors: [] }]);
    setTested(null);
    test.mutate({ companyId, url: url || undefined }, { onSuccess: setTested, onError: onUrlError });
  };

  const last = config.data?.lastTest;
  return (
    <Card title={t('callback.title')} data-testid="callback-card">
      <Typography.Paragraph type="secondary">{t('callback.intro')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={({ url }) => save(url ?? '')} data-testid="callback-form">
        <Form.Item name="url" label={t('callback.url')} extra={t('callback.testHint')}>
          <Input
            placeholder={t('callback.urlPlaceholder')}
            maxLength={CALLBACK_URL_MAX_LENGTH}
            allowClear
            disabled={!canEdit.visible || canEdit.disabled}
            data-testid="callback-url"
          />
        </Form.Item>
        {canEdit.visible && (
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={edit.isPending} data-testid="callback-save">
              {t('callback.save')}
            </Button>
            <Button onClick={sendTest} loading={test.isPending} data-testid="callback-test">
              {t('callback.test')}
            </Button>
          </Space>
        )}
      </Form>
      <Flex vertical gap={12} style={{ marginTop: 16 }}>
        {tested && <TestOutcome result={tested} testId="callback-test-result" />}
        {!tested && last && (
          <div>
            <Typography.Text type="secondary">
              {t('callback.lastTest', { time: formatDateTime(last.at) })}
            </Typography.Text>
            <TestOutcome result={last} testId="callback-last-test" />
          </div>
        )}
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('callback.secret')}>
            {!config.data?.signingSecretSet ? (
              <Typography.Text type="secondary">{t('callback.noSecret')}</Typography.Text>
            ) : (
              <Flex gap={8} wrap align="center">
                {secret ? (
                  <Typography.Text
                    copyable
                    code
                    style={{ wordBreak: 'break-all' }}
                    data-testid="callback-secret"
                  >
                    {secret}
                  </Typography.Text>
                ) : (
                  <Typography.Text code>whsec_••••••••</Typography.Text>
                )}
                {canEdit.visible && (
                  <>
                    <Button
                      size="small"
                      loading={reveal.isPending}
                      onClick={() =>
                        secret
                          ? setSecret(null)
                          : reveal.mutate({ companyId }, { onSuccess: (r) => setSecret(r.signingSecret) })
                      }
                      data-testid="callback-secret-toggle"
                    >
                      {secret ? t('callback.hideSecret') : t('callback.showSecret')}
                    </Button>
                    <Popconfirm
                      title={t('callback.regenerateConfirm')}
                      onConfirm={() =>
                        regenerate.mutate(
                          { companyId },
                          {
                            onSuccess: (r) => {
                              setSecret(r.signingSecret);
                              void message.success(t('callback.regenerated'));
                            },
                          },
                        )
                      }
                    >
                      <Button size="small" danger loading={regenerate.isPending}>
                        {t('callback.regenerate')}
                      </Button>
                    </Popconfirm>
                  </>
                )}
              </Flex>
            )}
          </Descriptions.Item>
        </Descriptions>
      </Flex>
    </Card>
  );
}
