import { EyeOutlined, SendOutlined, UploadOutlined } from '@ant-design/icons';
import {
  hasPlatformScope,
  missingVariables,
  type Recipient,
  renderTemplate,
  type SmsKind,
  type SmsNumberImport,
  type SmsPreview,
  type SmsSendInput,
  type SmsSendResult,
  smsEncodingOf,
  smsSegments,
} from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Flex,
  Form,
  Input,
  Modal,
  Progress,
  Select,
  Tag,
  Typography,
  Upload,
} from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '@/components/Can';
import { DataTable } from '@/components/DataTable';
import { isApiError } from '@/lib/api-client';
import { formatMoney, formatNumber } from '@/lib/format';
import { useSession } from '@/lib/session';
import {
  importNumbers,
  passedSendersQuery,
  passedTemplatesQuery,
  smsPerms,
  usePreview,
  useSend,
} from '../api/sms';
import { parseNumbers, recipientsOf } from '../lib/numbers';
import { scheduleAcceptable } from '../lib/period';
import { useReasonText } from './tags';

interface SendValues {
  numbers?: string;
  sender?: string;
  templateId?: string;
  text?: string;
  scheduledAt?: Dayjs | null;
}

const ACCEPT = '.txt,.csv,.xlsx,.xls';
const SCHEDULE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** What the text will be for the first recipient, its length, encoding and parts. */
function textFacts(text: string, vars: Record<string, string>) {
  const rendered = renderTemplate(text, vars);
  const segments = smsSegments(rendered, smsEncodingOf(rendered));
  return { rendered, chars: [...rendered].length, segments };
}

/**
 * The send form of one kind: numbers typed, pasted or read from a file (its columns become
 * variables of the text), sender id and template from the company's passed ones, the text with its
 * live length, encoding and parts, and for Timing the time to send. Preview asks the server for
 * the counts, problems and cost; Send from there.
 */
export function SendPanel({
  kind,
  scheduled,
  onSent,
}: {
  kind: SmsKind;
  scheduled: boolean;
  onSent: (result: SmsSendResult) => void;
}) {
  const { t } = useTranslation('sms');
  const reasonText = useReasonText();
  // Staff are told to assign a group; a customer or reseller to ask its provider for one.
  const staff = hasPlatformScope(useSession()?.userInfo.roles ?? []);
  const [form] = Form.useForm<SendValues>();
  const textRef = useRef<TextAreaRef>(null);
  const [imported, setImported] = useState<{ name: string; result: SmsNumberImport } | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ input: SmsSendInput; result: SmsPreview } | null>(null);
  const senders = useQuery(passedSendersQuery);
  const templates = useQuery(passedTemplatesQuery(kind));
  const previewing = usePreview(kind);
  const sending = useSend(kind);

  const typed = Form.useWatch('numbers', form) ?? '';
  const text = Form.useWatch('text', form) ?? '';
  const typedNumbers = useMemo(() => parseNumbers(typed), [typed]);
  const recipients = useMemo(() => recipientsOf(typed, imported?.result.recipients ?? []), [typed, imported]);
  const first: Recipient | undefined = recipients[0];
  const firstVars = first?.vars ?? {};
  const facts = useMemo(() => {
    try {
      return textFacts(text, firstVars);
    } catch {
      return null;
    }
  }, [text, firstVars]);
  const missing = text ? missingVariables(text, firstVars) : [];

  // Numbers read from a file answer a "no numbers" error shown before.
  useEffect(() => {
    if (imported && form.getFieldError('numbers').length > 0) void form.validateFields(['numbers']);
  }, [imported, form]);

  const upload = async (file: File) => {
    setImportError(null);
    setUploading(0);
    try {
      const result = await importNumbers(kind, file, (f) => setUploading(Math.round(f * 100)));
      setImported({ name: file.name, result });
    } catch (error) {
      setImportError(isApiError(error) ? error.message : String(error));
    } finally {
      setUploading(null);
    }
  };

  const insertVariable = (name: string) => {
    const area = textRef.current?.resizableTextArea?.textArea;
    const current = form.getFieldValue('text') ?? '';
    const at = area ? area.selectionStart : current.length;
    const end = area ? area.selectionEnd : current.length;
    const next = `${current.slice(0, at)}{${name}}${current.slice(end)}`;
    form.setFieldValue('text', next);
    void form.validateFields(['text']);
  };

  const chooseTemplate = (id: string | undefined) => {
    const template = templates.data?.records.find((tpl) => tpl.id === id);
    if (template) {
      form.setFieldValue('text', template.text);
      void form.validateFields(['text']);
    }
  };

  const inputOf = (values: SendValues): SmsSendInput => ({
    recipients,
    text: values.text ?? '',
    ...(values.sender ? { sender: values.sender } : {}),
    ...(values.templateId ? { templateId: values.templateId } : {}),
    ...(scheduled && values.scheduledAt ? { scheduledAt: values.scheduledAt.toISOString() } : {}),
  });

  const runPreview = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const input = inputOf(values);
    previewing.reset();
    sending.reset();
    const result = await previewing.mutateAsync(input).catch(() => null);
    if (result) setPreview({ input, result });
  };

  const runSend = async () => {
    if (!preview) return;
    const result = await sending.mutateAsync(preview.input).catch(() => null);
    if (!result) return;
    setPreview(null);
    form.resetFields();
    setImported(null);
    onSent(result);
  };

  const problemColumns = [
    { title: t('preview.row'), dataIndex: 'index', render: (i: number) => i + 1, width: 80 },
    { title: t('preview.number'), dataIndex: 'number' },
    {
      title: t('preview.reason'),
      dataIndex: 'reason',
      render: (r: string) => (r === 'RATE_NOT_FOUND' ? t('preview.noPrice') : reasonText(r)),
    },
  ];
  const unpriced = preview?.result.problems.filter((p) => p.reason === 'RATE_NOT_FOUND').length ?? 0;

  return (
    <Card
      size="small"
      title={scheduled ? t('send.titleTiming') : t('send.titleOutbox')}
      data-testid="sms-send"
    >
      <Form<SendValues> form={form} layout="vertical" data-testid="sms-send-form" initialValues={{}}>
        <Form.Item
          name="numbers"
          label={t('send.numbers')}
          extra={t('send.numbersHelp')}
          rules={[
            {
              // The value being validated, not this render's list: on a change antd validates
              // before the list is worked out again (a first paste was refused as no numbers).
              validator: (_, value: string | undefined) =>
                recipientsOf(value ?? '', imported?.result.recipients ?? []).length > 0
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('send.noNumbers'))),
            },
          ]}
        >
          <Input.TextArea rows={4} placeholder={t('send.numbersPlaceholder')} data-testid="sms-numbers" />
        </Form.Item>
        <Flex gap={8} align="center" wrap style={{ marginTop: -8, marginBottom: 16 }}>
          <Typography.Text type="secondary" data-testid="sms-typed-count">
            {t('send.typedCount', { count: typedNumbers.length })}
          </Typography.Text>
          <Upload
            accept={ACCEPT}
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={uploading !== null} data-testid="sms-import">
              {t('send.importFile')}
            </Button>
          </Upload>
          {uploading !== null ? <Progress percent={uploading} size="small" style={{ width: 160 }} /> : null}
          <Typography.Text type="secondary">{t('send.importHelp')}</Typography.Text>
        </Flex>
        {importError ? (
          <Alert
            type="error"
            showIcon
            message={importError}
            style={{ marginBottom: 16 }}
            data-testid="sms-import-error"
          />
        ) : null}
        {imported ? (
          <Card
            size="small"
            style={{ marginBottom: 16 }}
            data-testid="sms-imported"
            title={t('send.imported', { name: imported.name, count: imported.result.recipients.length })}
            extra={
              <Button size="small" onClick={() => setImported(null)} data-testid="sms-import-clear">
                {t('send.importClear')}
              </Button>
            }
          >
            {imported.result.columns.length > 0 ? (
              <Flex gap={4} wrap align="center" style={{ marginBottom: 8 }}>
                <Typography.Text>{t('send.variables')}</Typography.Text>
                {imported.result.columns.map((column) => (
                  <Tag
                    key={column}
                    color="blue"
                    style={{ cursor: 'pointer' }}
                    onClick={() => insertVariable(column)}
                    data-testid="sms-variable"
                  >
                    {`{${column}}`}
                  </Tag>
                ))}
              </Flex>
            ) : null}
            {imported.result.problems.length > 0 ? (
              <>
                <Alert
                  type="warning"
                  showIcon
                  message={t('send.importProblems', { count: imported.result.problems.length })}
                  style={{ marginBottom: 8 }}
                />
                <DataTable
                  size="small"
                  rowKey={(p) => `${p.row}-${p.number}`}
                  dataSource={imported.result.problems}
                  pagination={{ pageSize: 5, hideOnSinglePage: true }}
                  data-testid="sms-import-problems"
                  columns={[
                    { title: t('preview.fileRow'), dataIndex: 'row', width: 80 },
                    { title: t('preview.number'), dataIndex: 'number' },
                    { title: t('preview.reason'), dataIndex: 'reason', render: (r: string) => reasonText(r) },
                  ]}
                />
              </>
            ) : null}
          </Card>
        ) : null}
        <Flex gap={16} wrap>
          <Form.Item name="sender" label={t('send.sender')} style={{ minWidth: 220 }}>
            <Select
              allowClear
              placeholder={t('send.senderDefault')}
              loading={senders.isLoading}
              options={(senders.data?.records ?? []).map((s) => ({ value: s.senderId, label: s.senderId }))}
              data-testid="sms-sender"
            />
          </Form.Item>
          <Form.Item name="templateId" label={t('send.template')} style={{ minWidth: 260 }}>
            <Select
              allowClear
              placeholder={t('send.templateNone')}
              loading={templates.isLoading}
              onChange={(id?: string) => chooseTemplate(id)}
              options={(templates.data?.records ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name }))}
              data-testid="sms-template"
            />
          </Form.Item>
          {scheduled ? (
            <Form.Item
              name="scheduledAt"
              label={t('send.scheduledAt')}
              rules={[
                { required: true, message: t('send.scheduleRequired') },
                {
                  validator: (_rule, value: Dayjs | null | undefined) =>
                    !value || scheduleAcceptable(value)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('send.scheduleInPast'))),
                },
              ]}
            >
              <DatePicker
                showTime
                format={SCHEDULE_FORMAT}
                disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
                data-testid="sms-scheduled-at"
              />
            </Form.Item>
          ) : null}
        </Flex>
        <Form.Item
          name="text"
          label={t('send.text')}
          rules={[{ required: true, whitespace: true, message: t('send.textRequired') }]}
        >
          <Input.TextArea ref={textRef} rows={4} maxLength={1000} data-testid="sms-text" />
        </Form.Item>
        <Flex gap={8} wrap style={{ marginTop: -8, marginBottom: 12 }} data-testid="sms-text-facts">
          {facts ? (
            <>
              <Tag data-testid="sms-chars">{t('send.chars', { count: facts.chars })}</Tag>
              <Tag color="blue" data-testid="sms-encoding">
                {facts.segments.encoding === 'gsm7' ? 'GSM-7' : 'UCS-2'}
              </Tag>
              <Tag color="purple" data-testid="sms-parts">
                {t('send.parts', { count: facts.segments.parts.length })}
              </Tag>
              <Typography.Text type="secondary">
                {t('send.remaining', { count: facts.segments.remaining })}
              </Typography.Text>
            </>
          ) : null}
        </Flex>
        {text && first && (imported?.result.columns.length || missing.length) ? (
          <Alert
            type={missing.length > 0 ? 'warning' : 'info'}
            style={{ marginBottom: 12 }}
            data-testid="sms-first-preview"
            message={t('send.firstRecipient', { number: first.number })}
            description={
              <>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>
                  {facts?.rendered ?? text}
                </Typography.Paragraph>
                {missing.length > 0 ? (
                  <Typography.Text type="warning">
                    {t('send.missingVariables', { names: missing.map((n) => `{${n}}`).join(', ') })}
                  </Typography.Text>
                ) : null}
              </>
            }
          />
        ) : null}
        {previewing.error ? (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            message={isApiError(previewing.error) ? previewing.error.message : String(previewing.error)}
            data-testid="sms-send-error"
          />
        ) : null}
        <Can action={smsPerms(kind).send}>
          <Button
            type="primary"
            icon={<EyeOutlined />}
            loading={previewing.isPending}
            onClick={() => void runPreview()}
            data-testid="sms-preview"
          >
            {t('send.preview', { count: recipients.length })}
          </Button>
        </Can>
      </Form>
      <Modal
        open={preview !== null}
        title={t('preview.title')}
        width={720}
        onCancel={() => {
          setPreview(null);
          sending.reset();
        }}
        footer={[
          <Button key="back" onClick={() => setPreview(null)}>
            {t('preview.back')}
          </Button>,
          <Button
            key="send"
            type="primary"
            icon={<SendOutlined />}
            loading={sending.isPending}
            disabled={!preview || preview.result.valid === 0 || preview.result.covered === false}
            onClick={() => void runSend()}
            data-testid="sms-send-confirm"
          >
            {scheduled ? t('preview.schedule') : t('preview.send')}
          </Button>,
        ]}
      >
        {preview ? (
          <div data-testid="sms-preview-result">
            <Descriptions
              size="small"
              bordered
              column={2}
              items={[
                {
                  key: 'total',
                  label: t('preview.total'),
                  children: <span data-testid="preview-total">{formatNumber(preview.result.total)}</span>,
                },
                {
                  key: 'valid',
                  label: t('preview.valid'),
                  children: <span data-testid="preview-valid">{formatNumber(preview.result.valid)}</span>,
                },
                {
                  key: 'problems',
                  label: t('preview.problems'),
                  children: (
                    <span data-testid="preview-problems">{formatNumber(preview.result.problems.length)}</span>
                  ),
                },
                {
                  key: 'parts',
                  label: t('preview.parts'),
                  children: (
                    <span data-testid="preview-parts">
                      {formatNumber(preview.result.parts)} (
                      {preview.result.encoding === 'gsm7' ? 'GSM-7' : 'UCS-2'})
                    </span>
                  ),
                },
                {
                  key: 'amount',
                  label: t('preview.amount'),
                  children: (
                    <span data-testid="preview-amount" data-amount={preview.result.amount}>
                      {formatMoney(preview.result.amount, preview.result.currency)}
                    </span>
                  ),
                },
                {
                  key: 'covered',
                  label: t('preview.balance'),
                  // Unknown when a recipient has no price: no claim either way.
                  children:
                    preview.result.covered === null ? (
                      <Tag data-testid="preview-cost-unknown">{t('preview.costUnknown')}</Tag>
                    ) : preview.result.covered ? (
                      <Tag color="success" data-testid="preview-covered">
                        {t('preview.covered')}
                      </Tag>
                    ) : (
                      <Tag color="error" data-testid="preview-not-covered">
                        {t('preview.notCovered')}
                      </Tag>
                    ),
                },
                ...(preview.input.scheduledAt
                  ? [
                      {
                        key: 'at',
                        label: t('send.scheduledAt'),
                        children: dayjs(preview.input.scheduledAt).format(SCHEDULE_FORMAT),
                      },
                    ]
                  : []),
              ]}
            />
            {unpriced > 0 ? (
              <Alert
                type="warning"
                showIcon
                style={{ marginTop: 12 }}
                title={t(staff ? 'preview.noPriceStaff' : 'preview.noPriceCustomer', { count: unpriced })}
                data-testid="preview-no-price"
              />
            ) : null}
            {preview.result.problems.length > 0 ? (
              <DataTable
                style={{ marginTop: 12 }}
                size="small"
                rowKey={(p) => `${p.index}-${p.reason}`}
                dataSource={preview.result.problems}
                columns={problemColumns}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                data-testid="preview-problem-list"
              />
            ) : null}
            {sending.error ? (
              <Alert
                type="error"
                showIcon
                style={{ marginTop: 12 }}
                message={isApiError(sending.error) ? sending.error.message : String(sending.error)}
                data-testid="sms-send-error"
              />
            ) : null}
          </div>
        ) : null}
      </Modal>
    </Card>
  );
}
