import { UploadOutlined } from '@ant-design/icons';
import {
  type CallList,
  type CallListImport,
  type CallListInput,
  callListEditSchema,
  callListInputSchema,
} from '@switchboard/contracts';
import { Alert, Button, Form, Input, Space, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { RemarkItem } from '@/components/form-items';
import { useAddOrEditForm } from '@/components/use-entity-form';
import { CompanyItem } from '@/features/sms-template';
import { useIsStaff } from '@/lib/session';
import { importCallList, useSaveCallList } from '../api/call-centre';

interface Values {
  name: string;
  companyId?: string;
  typed: string;
  remark: string;
}

const EMPTY: Values = { name: '', typed: '', remark: '' };

const valuesOf = (l: CallList | null): Values =>
  l ? { name: l.name, typed: '', remark: l.remark ?? '' } : EMPTY;

/** Typed lines, each `number[, name[, notes]]` (comma or tab between). */
export function typedEntries(text: string): CallListInput['entries'] {
  return text
    .split(/\r?\n/)
    .map((line) => line.split(/[,\t]/).map((cell) => cell.trim()))
    .filter((cells) => (cells[0] ?? '') !== '')
    .map(([number, name, notes]) => ({ number: number!, name: name || null, notes: notes || null }));
}

/**
 * Add a call list (its name and its numbers: typed, and read from a txt, csv or xlsx file with
 * their columns), or rename one.
 */
export function CallListFormModal({ open, editing, onClose }: EntityModalProps<CallList>) {
  const { t } = useTranslation('callCentre');
  const save = useSaveCallList();
  const pickCompany = useIsStaff() && !editing;
  const [imported, setImported] = useState<CallListImport | null>(null);
  const [importing, setImporting] = useState(false);
  const [importError, setImportError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) {
      setImported(null);
      setImportError(null);
    }
  }, [open]);
  const labels = {
    name: t('list.name'),
    companyId: t('fields.company'),
    typed: t('list.numbers'),
    remark: t('fields.remark'),
  };
  const bodyOf = (values: Values) => {
    const v = { ...EMPTY, ...values };
    const common = { name: v.name.trim(), remark: v.remark.trim() || null };
    if (editing) return common;
    return {
      ...common,
      entries: [...typedEntries(v.typed), ...(imported?.entries ?? [])],
      ...(pickCompany && v.companyId ? { companyId: v.companyId } : {}),
    };
  };
  const entity = useAddOrEditForm({
    open,
    editing,
    valuesOf,
    schemas: { add: callListInputSchema, edit: callListEditSchema },
    bodyOf,
    labels,
    save: save.mutateAsync,
    successMessage: t('saved'),
    onClose,
    errorCodeFields: {
      CALL_LIST_NAME_TAKEN: 'name',
      CALL_LIST_NUMBER_INVALID: 'typed',
      CALL_LIST_NUMBERS_REQUIRED: 'typed',
    },
  });
  const { form, rule } = entity;
  const typed: string = Form.useWatch('typed', form) ?? '';
  const count = typedEntries(typed).length + (imported?.entries.length ?? 0);
  return (
    <FormModal
      entity={entity}
      title={editing ? t('list.editTitle') : t('list.createTitle')}
      testId="call-list-form"
    >
      {pickCompany ? (
        <CompanyItem label={labels.companyId} message={t('pickCompany')} testId="call-list-company" />
      ) : null}
      <Form.Item name="name" label={labels.name} rules={[rule('name')]}>
        <Input maxLength={64} data-testid="call-list-name" />
      </Form.Item>
      {editing ? null : (
        <>
          <Form.Item
            name="typed"
            label={labels.typed}
            extra={t('list.typedHint')}
            rules={[
              {
                validator: () =>
                  count > 0 ? Promise.resolve() : Promise.reject(new Error(t('list.numbersRequired'))),
              },
            ]}
          >
            <Input.TextArea rows={4} data-testid="call-list-typed" />
          </Form.Item>
          <Space wrap style={{ marginBottom: 16 }}>
            <Upload
              accept=".txt,.csv,.xlsx"
              showUploadList={false}
              beforeUpload={(file) => {
                setImporting(true);
                setImportError(null);
                importCallList(file)
                  .then((read) => {
                    setImported(read);
                    void form.validateFields(['typed']).catch(() => undefined);
                  })
                  .catch((error: unknown) =>
                    setImportError(error instanceof Error ? error.message : String(error)),
                  )
                  .finally(() => setImporting(false));
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={importing} data-testid="call-list-import">
                {t('list.import')}
              </Button>
            </Upload>
            <Typography.Text type="secondary" data-testid="call-list-preview">
              {t('list.preview', {
                count,
                problems: imported?.problems.length ?? 0,
                columns: imported?.columns.length ? imported.columns.join(', ') : '-',
              })}
            </Typography.Text>
          </Space>
          {importError ? (
            <Alert type="error" showIcon message={importError} style={{ marginBottom: 16 }} />
          ) : null}
          {imported && imported.problems.length > 0 ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="call-list-problems"
              message={imported.problems
                .slice(0, 5)
                .map((p) => t('list.problem', { row: p.row, number: p.number }))
                .join('; ')}
            />
          ) : null}
        </>
      )}
      <RemarkItem label={labels.remark} rule={rule('remark')} />
    </FormModal>
  );
}
