import { type VoiceRoute, type VoiceRouteTest, voiceRouteListQuerySchema } from '@switchboard/contracts';
import { Alert, Button, Form, Input, Modal, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { Can } from '@/components/Can';
import { useEntityModal } from '@/components/FormModal';
import { ResourceTable } from '@/components/ResourceTable';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import { useDeleteAction } from '@/components/use-confirm-delete';
import { CompanySelect } from '@/features/sms-template';
import { isApiError } from '@/lib/api-client';
import { listVoiceRoutesQuery, TRUNK_PERMISSIONS, testVoiceRoute, useDeleteVoiceRoute } from '../api/trunks';
import { VoiceRouteFormModal } from '../components/VoiceRouteFormModal';

/** The route tester: which route and trunks (in failover order) a call to a number would take. */
function RouteTestModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('trunk');
  const [form] = Form.useForm<{ to: string; companyId: string }>();
  const [answer, setAnswer] = useState<VoiceRouteTest | string | null>(null);
  const run = async () => {
    const { to, companyId } = await form.validateFields();
    try {
      setAnswer(await testVoiceRoute(to.trim(), companyId));
    } catch (error) {
      setAnswer(isApiError(error) ? error.message : String(error));
    }
  };
  return (
    <Modal
      open={open}
      title={t('route.test')}
      okText={t('route.runTest')}
      cancelText={t('cancel')}
      onOk={() => void run()}
      onCancel={() => {
        setAnswer(null);
        onClose();
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="to" label={t('route.testNumber')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={32} placeholder="+447400123456" data-testid="route-test-number" />
        </Form.Item>
        <Form.Item name="companyId" label={t('route.companyId')} rules={[{ required: true }]}>
          <CompanySelect />
        </Form.Item>
      </Form>
      {typeof answer === 'string' ? <Alert type="error" title={answer} /> : null}
      {answer && typeof answer !== 'string' ? (
        <Alert
          type="success"
          data-testid="route-test-answer"
          title={t('route.testAnswer', {
            route: answer.routeName,
            trunks: answer.trunks.map((x) => x.name).join(' → '),
          })}
        />
      ) : null}
    </Modal>
  );
}

/** voice/VoiceRouteList: routes of calls by prefix, country and company to trunks (administrators). */
export default function VoiceRouteListPage() {
  const { t } = useTranslation('trunk');
  const deleteRow = useDeleteAction('trunk');
  const form = useEntityModal<VoiceRoute>();
  const [testing, setTesting] = useState(false);
  const remove = useDeleteVoiceRoute();

  const columns: TableColumnsType<VoiceRoute> = [
    { title: t('route.name'), dataIndex: 'name', sorter: true },
    { title: t('route.sortOrder'), dataIndex: 'sortOrder', sorter: true, responsive: ['md'] },
    {
      title: t('route.match'),
      key: 'match',
      render: (_: unknown, r) =>
        [r.companyName, r.countryCode, r.prefix ? `${r.prefix}…` : null].filter(Boolean).join(' · ') ||
        t('route.everything'),
    },
    {
      title: t('route.trunkIds'),
      key: 'trunks',
      render: (_: unknown, r) => r.trunks.map((x) => x.name).join(' → '),
    },
    {
      title: t('route.enabled'),
      dataIndex: 'enabled',
      responsive: ['lg'],
      render: (v: boolean) => (v ? t('yes') : t('no')),
    },
    rowActionsColumn<VoiceRoute>(t('actions'), (record) => [
      editAction(t('edit'), TRUNK_PERMISSIONS.routeEdit, () => form.edit(record)),
      deleteRow(TRUNK_PERMISSIONS.routeDelete, record.name, () => remove.mutateAsync(record.id)),
    ]),
  ];

  return (
    <>
      <ResourceTable
        params={voiceRouteListQuerySchema}
        query={listVoiceRoutesQuery}
        rowKey="id"
        title={t('route.title')}
        testId="route-table"
        columns={columns}
        filters={
          <Form.Item name="name" label={t('route.name')}>
            <Input allowClear />
          </Form.Item>
        }
        toolbar={() => (
          <>
            <AddButton permission={TRUNK_PERMISSIONS.routeAdd} onClick={() => form.add()} testId="route-add">
              {t('add')}
            </AddButton>
            <Can action={TRUNK_PERMISSIONS.routeTest}>
              <Button onClick={() => setTesting(true)} data-testid="route-test">
                {t('route.test')}
              </Button>
            </Can>
          </>
        )}
      />
      <VoiceRouteFormModal {...form.modal} />
      <RouteTestModal open={testing} onClose={() => setTesting(false)} />
    </>
  );
}
