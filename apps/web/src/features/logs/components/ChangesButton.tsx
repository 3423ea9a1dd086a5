import type { OperationLogItem } from '@switchboard/contracts';
import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/DataTable';

const show = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** One row per changed field: its value before and after. */
export function changedFields(row: Pick<OperationLogItem, 'before' | 'after'>) {
  const keys = [...new Set([...Object.keys(row.before ?? {}), ...Object.keys(row.after ?? {})])];
  return keys.map((field) => ({ field, before: show(row.before?.[field]), after: show(row.after?.[field]) }));
}

/** An edit's before and after, side by side in a dialog (only rows that carry them). */
export function ChangesButton({ row }: { row: OperationLogItem }) {
  const { t } = useTranslation(['system', 'common']);
  const [open, setOpen] = useState(false);
  if (!row.before && !row.after) return null;
  const fields = changedFields(row);
  return (
    <>
      <Button size="small" type="link" onClick={() => setOpen(true)} data-testid={`changes-${row.id}`}>
        {t('log.changes', { count: fields.length })}
      </Button>
      <Modal
        open={open}
        title={t('log.changesTitle', { route: row.route })}
        onCancel={() => setOpen(false)}
        footer={null}
        width={720}
        destroyOnHidden
      >
        {fields.length === 0 ? (
          <Typography.Text type="secondary">{t('log.noChanges')}</Typography.Text>
        ) : (
          <DataTable
            size="small"
            rowKey="field"
            pagination={false}
            dataSource={fields}
            data-testid="changes-table"
            columns={[
              { title: t('log.field'), dataIndex: 'field' },
              {
                title: t('log.before'),
                dataIndex: 'before',
                render: (v: string) => (
                  <Typography.Text delete type="danger">
                    {v}
                  </Typography.Text>
                ),
              },
              {
                title: t('log.after'),
                dataIndex: 'after',
                render: (v: string) => <Typography.Text type="success">{v}</Typography.Text>,
              },
            ]}
          />
        )}
      </Modal>
    </>
  );
}
