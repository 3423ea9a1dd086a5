import { type CallResultSetting, callResultSettingListQuerySchema } from '@switchboard/contracts';
import { Form, Input, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { useEntityModal } from '@/components/FormModal';
import { ResourceTable } from '@/components/ResourceTable';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import { useDeleteAction } from '@/components/use-confirm-delete';
import { listCallResultsQuery, CALL_CENTRE_PERMISSIONS as P, useDeleteCallResult } from '../api/call-centre';
import { CallResultFormModal } from '../components/CallResultFormModal';

/** callCentre/CallResultList (`/callResultSetting`): the dispositions a company's seats record. */
export default function CallResultListPage() {
  const { t } = useTranslation('callCentre');
  const deleteRow = useDeleteAction('callCentre');
  const form = useEntityModal<CallResultSetting>();
  const remove = useDeleteCallResult();

  const columns: TableColumnsType<CallResultSetting> = [
    { title: t('result.name'), dataIndex: 'name', sorter: true },
    {
      title: t('result.redial'),
      dataIndex: 'redial',
      render: (v: boolean) => (v ? <Tag color="gold">{t('result.redialTag')}</Tag> : ''),
    },
    { title: t('result.sort'), dataIndex: 'sort', sorter: true, responsive: ['sm'] },
    { title: t('fields.company'), dataIndex: 'companyName', responsive: ['lg'] },
    {
      title: t('fields.enabled'),
      dataIndex: 'enabled',
      responsive: ['md'],
      render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? t('enabled') : t('disabled')}</Tag>,
    },
    rowActionsColumn<CallResultSetting>(t('actions'), (record) => [
      editAction(t('edit'), P.resultEdit, () => form.edit(record)),
      deleteRow(P.resultDelete, record.name, () => remove.mutateAsync(record.id)),
    ]),
  ];

  return (
    <>
      <ResourceTable
        params={callResultSettingListQuerySchema}
        query={listCallResultsQuery}
        rowKey="id"
        title={t('result.title')}
        testId="call-result-table"
        columns={columns}
        filters={
          <Form.Item name="name" label={t('result.name')}>
            <Input allowClear />
          </Form.Item>
        }
        toolbar={() => (
          <AddButton permission={P.resultAdd} onClick={() => form.add()} testId="call-result-add">
            {t('add')}
          </AddButton>
        )}
      />
      <CallResultFormModal {...form.modal} />
    </>
  );
}
