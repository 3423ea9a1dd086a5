import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { IMPORT_MAX_BYTES, type ImportResult, type ImportRowError } from '@switchboard/contracts';
import { Alert, Button, Flex, Modal, Progress, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  api,
  isApiError,
  type PathsWith,
  type QueryOf,
  type QueryValue,
  type ResultOf,
} from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';
import { DataTable } from './DataTable';

/** The routes of the document that take an import (they answer an ImportResult). */
export type ImportPath = {
  [P in PathsWith<'post'>]: ResultOf<'post', P> extends ImportResult ? P : never;
}[PathsWith<'post'>];

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** The group's import path (`/sys/supportContact/importExcel`). */
  path: ImportPath;
  /** Called with the number of rows written (reload the list here). */
  onImported: (count: number) => void;
  title?: string;
  /** Parameters every upload carries besides `dryRun` (the group rates go into: `groupId`). */
  query?: Record<string, QueryValue>;
  /**
   * A sheet to start from: an export (its columns are the import's), downloaded through the API
   * client from the dialog.
   */
  template?: { path: PathsWith<'get'>; params?: Record<string, QueryValue> };
}

type Step =
  | { kind: 'pick' }
  | { kind: 'uploading'; progress: number; commit: boolean }
  | { kind: 'checked'; result: ImportResult }
  | { kind: 'failed'; message: string; result: ImportResult | null };

const ACCEPT = '.xlsx,.xls,.csv,.txt';

function importResultOf(value: unknown): ImportResult | null {
  return typeof value === 'object' && value !== null && Array.isArray((value as ImportResult).errors)
    ? (value as ImportResult)
    : null;
}

/**
 * Import: pick a file (.xlsx, .csv or .txt), upload it with a progress bar for a check (a dry run
 * that writes nothing), see the first rows and every row's problems, then Import. The server takes
 * all rows or none, so a file with problems imports nothing; Import stays off until it has none.
 */
export function ImportDialog({
  open,
  onClose,
  path,
  onImported,
  title,
  query = {},
  template,
}: ImportDialogProps) {
  const { t } = useTranslation('common');
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const [fetchingTemplate, setFetchingTemplate] = useState(false);

  const downloadTemplate = async () => {
    if (!template) return;
    setFetchingTemplate(true);
    try {
      // The template's parameters are the list's filters, which its export route takes.
      const sheet = await api.download(template.path, template.params as QueryOf<'get', PathsWith<'get'>>);
      saveFile(sheet.blob, sheet.filename);
    } catch (error) {
      notify.error(isApiError(error) ? error.message : String(error));
    } finally {
      setFetchingTemplate(false);
    }
  };

  const reset = () => {
    setFile(null);
    setStep({ kind: 'pick' });
  };
  const close = () => {
    reset();
    onClose();
  };

  const send = async (chosen: File, commit: boolean) => {
    setStep({ kind: 'uploading', progress: 0, commit });
    try {
      const result = await api.upload(path, chosen, {
        filename: chosen.name,
        query: (commit ? query : { ...query, dryRun: true }) as QueryOf<'post', ImportPath>,
        onProgress: (fraction) =>
          setStep((current) =>
            current.kind === 'uploading' ? { ...current, progress: Math.round(fraction * 100) } : current,
          ),
      });
      if (commit) {
        onImported(result.imported);
        close();
        return;
      }
      setStep({ kind: 'checked', result });
    } catch (error) {
      setStep({
        kind: 'failed',
        message: isApiError(error) ? error.message : String(error),
        result: isApiError(error) ? importResultOf(error.result) : null,
      });
    }
  };

  const choose = (chosen: File) => {
    setFile(chosen);
    void send(chosen, false);
    return false;
  };

  const result = step.kind === 'checked' ? step.result : step.kind === 'failed' ? step.result : null;
  const errors: ImportRowError[] = result?.errors ?? [];
  const canImport = step.kind === 'checked' && errors.length === 0 && step.result.total > 0;

  return (
    <Modal
      open={open}
      title={title ?? t('resource.importTitle')}
      onCancel={close}
      width={820}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={close}>{t('resource.cancel')}</Button>
          {file && step.kind !== 'uploading' ? (
            <Button onClick={reset} data-testid="import-another">
              {t('resource.importAnother')}
            </Button>
          ) : null}
          <Button
            type="primary"
            disabled={!canImport || !file}
            loading={step.kind === 'uploading' && step.commit}
            onClick={() => file && void send(file, true)}
            data-testid="import-commit"
          >
            {result && canImport ? t('resource.importRows', { count: result.total }) : t('resource.import')}
          </Button>
        </Flex>
      }
    >
      {step.kind === 'pick' ? (
        <Upload.Dragger
          accept={ACCEPT}
          multiple={false}
          showUploadList={false}
          beforeUpload={choose}
          data-testid="import-file"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('resource.importPick')}</p>
          <p className="ant-upload-hint">
            {t('resource.importHint', { size: IMPORT_MAX_BYTES / 1024 / 1024 })}
          </p>
        </Upload.Dragger>
      ) : null}
      {step.kind === 'pick' && template ? (
        <Button
          type="link"
          icon={<DownloadOutlined />}
          loading={fetchingTemplate}
          onClick={() => void downloadTemplate()}
          style={{ paddingInline: 0, marginTop: 8 }}
          data-testid="import-template"
        >
          {t('resource.importTemplate')}
        </Button>
      ) : null}
      {file ? (
        <Typography.Paragraph type="secondary" data-testid="import-file-name">
          {file.name}
        </Typography.Paragraph>
      ) : null}
      {step.kind === 'uploading' ? (
        <Progress percent={step.progress} status="active" data-testid="import-progress" />
      ) : null}
      {step.kind === 'failed' ? (
        <Alert
          type="error"
          showIcon
          title={step.message}
          style={{ marginBottom: 12 }}
          data-testid="import-error"
        />
      ) : null}
      {step.kind === 'checked' ? (
        errors.length > 0 ? (
          <Alert
            type="error"
            showIcon
            title={t('resource.importHasErrors', { count: errors.length })}
            style={{ marginBottom: 12 }}
            data-testid="import-error"
          />
        ) : (
          <Alert
            type="success"
            showIcon
            title={t('resource.importReady', { count: step.result.total })}
            style={{ marginBottom: 12 }}
            data-testid="import-ready"
          />
        )
      ) : null}
      {errors.length > 0 ? (
        <DataTable<ImportRowError & { key: number }>
          size="small"
          data-testid="import-errors"
          pagination={errors.length > 10 ? { pageSize: 10, size: 'small' } : false}
          dataSource={errors.map((error, key) => ({ ...error, key }))}
          columns={[
            { title: t('resource.row'), dataIndex: 'row', width: 70 },
            { title: t('resource.column'), dataIndex: 'column', width: 160 },
            { title: t('resource.problem'), dataIndex: 'message' },
          ]}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      {result && result.preview.length > 0 ? (
        <>
          <Typography.Text strong>
            {t('resource.preview', { count: result.preview.length, total: result.total })}
          </Typography.Text>
          <DataTable
            size="small"
            data-testid="import-preview"
            scroll={{ x: true }}
            pagination={false}
            rowKey="row"
            dataSource={result.preview.map((row) => ({ row: row.row, ...row.values }))}
            rowClassName={(row) => (errors.some((e) => e.row === row.row) ? 'sb-import-bad-row' : '')}
            columns={[
              { title: t('resource.row'), dataIndex: 'row', width: 70 },
              ...result.columns.map((column) => ({ title: column.title, dataIndex: column.key })),
            ]}
          />
        </>
      ) : null}
    </Modal>
  );
}
