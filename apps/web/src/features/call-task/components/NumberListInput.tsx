import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseNumbers } from '@/features/sms';

/** What a number file read to: its numbers and the rows it refused (the server's readNumberTable). */
export interface NumberFileRead {
  numbers: string[];
  problems: { row: number; number: string; reason: string }[];
}

/** The numbers typed and imported: how many, how many once each, and the file's problems. */
export function numberPreview(typed: string, imported: NumberFileRead | null) {
  const all = [...parseNumbers(typed), ...(imported?.numbers ?? [])];
  const unique = new Set(all.map((n) => n.replace(/^\+|^00/, '')));
  return { all, written: all.length, unique: unique.size, problems: imported?.problems.length ?? 0 };
}

/**
 * A list of numbers typed or pasted (the form field `name`) and a file read on the server
 * (`importFile`: txt, csv or xlsx), with a count of what will be taken: group call tasks and
 * number-status checks. The form reads the list with `numberPreview(text, imported).all`.
 */
export function NumberListInput({
  name,
  label,
  extra,
  imported,
  onImported,
  importFile,
  testId,
}: {
  name: string;
  label: string;
  extra?: string;
  imported: NumberFileRead | null;
  onImported: (read: NumberFileRead | null) => void;
  importFile: (file: File) => Promise<NumberFileRead>;
  testId: string;
}) {
  const { t } = useTranslation('callTask');
  const [importing, setImporting] = useState(false);
  const [importError, setImportError] = useState<string | null>(null);
  const typed: string = Form.useWatch(name) ?? '';
  const preview = numberPreview(typed, imported);
  return (
    <>
      <Form.Item name={name} label={label} extra={extra}>
        <Input.TextArea rows={4} data-testid={`${testId}-numbers`} />
      </Form.Item>
      <Space wrap style={{ marginBottom: 16 }}>
        <Upload
          accept=".txt,.csv,.xlsx"
          showUploadList={false}
          beforeUpload={(file) => {
            setImporting(true);
            setImportError(null);
            importFile(file)
              .then(onImported)
              .catch((error: unknown) =>
                setImportError(error instanceof Error ? error.message : String(error)),
              )
              .finally(() => setImporting(false));
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={importing} data-testid={`${testId}-import`}>
            {t('importNumbers')}
          </Button>
        </Upload>
        <Typography.Text type="secondary" data-testid={`${testId}-number-preview`}>
          {t('numberPreview', {
            written: preview.written,
            unique: preview.unique,
            problems: preview.problems,
          })}
        </Typography.Text>
      </Space>
      {importError ? (
        <Alert type="error" showIcon message={importError} style={{ marginBottom: 16 }} />
      ) : null}
    </>
  );
}
