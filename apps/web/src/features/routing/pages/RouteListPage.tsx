import { ExperimentOutlined } from '@ant-design/icons';
import { type Route, routeListQuerySchema, SMS_KINDS } from '@switchboard/contracts';
import { App, Button, Form, Input, Select, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { BatchDeleteButton } from '@/components/BatchDeleteButton';
import { Can, useCan } from '@/components/Can';
import { CountryCodeSelect } from '@/components/CountryCodeSelect';
import { ExportButton } from '@/components/ExportButton';
import { useEntityModal } from '@/components/FormModal';
import { ImportButton } from '@/components/ImportButton';
import { ResourceTable } from '@/components/ResourceTable';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import {
  listRoutesQuery,
  ROUTE_EXPORT_PATH,
  ROUTE_IMPORT_PATH,
  useDeleteRoutes,
  useReloadRoutes,
  useToggleRoute,
} from '../api/routing';
import { ROUTING_PERMS, useRoutingLabels } from '../components/labels';
import { RouteFormModal } from '../components/RouteFormModal';
import { RouteTester } from '../components/RouteTester';

/** routing/RouteList: the ordered routes (first match wins), their gateways, and the tester (staff). */
export default function RouteListPage() {
  const { t } = useTranslation('routing');
  const { message } = App.useApp();
  const labels = useRoutingLabels();
  const editAccess = useCan(ROUTING_PERMS.edit);
  const canEdit = editAccess.visible && !editAccess.disabled;
  const form = useEntityModal<Route>();
  const [testing, setTesting] = useState(false);
  const remove = useDeleteRoutes();
  const toggle = useToggleRoute();
  const reload = useReloadRoutes();
  return (
    <>
      <ResourceTable
        params={routeListQuerySchema}
        query={listRoutesQuery}
        rowKey="id"
        title={t('title')}
        testId="route-table"
        selectable
        filters={
          <>
            <Form.Item name="name" label={t('fields.name')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="countryCode" label={t('fields.country')}>
              <CountryCodeSelect allowClear />
            </Form.Item>
            <Form.Item name="smsKind" label={t('fields.smsKind')}>
              <Select
                allowClear
                style={{ width: 160 }}
                options={SMS_KINDS.map((k) => ({ value: k, label: labels.smsKind(k) }))}
              />
            </Form.Item>
          </>
        }
        toolbar={({ selectedKeys, clearSelection, params }) => (
          <>
            <AddButton permission={ROUTING_PERMS.edit} onClick={() => form.add()} testId="route-add">
              {t('add')}
            </AddButton>
            <Can action={ROUTING_PERMS.test}>
              <Button
                icon={<ExperimentOutlined />}
                onClick={() => setTesting(true)}
                data-testid="route-test-open"
              >
                {t('tester.open')}
              </Button>
            </Can>
            <ExportButton path={ROUTE_EXPORT_PATH} params={params} />
            <ImportButton
              permission={ROUTING_PERMS.edit}
              title={t('importTitle')}
              path={ROUTE_IMPORT_PATH}
              template={{ path: ROUTE_EXPORT_PATH }}
              onImported={(count) => {
                void reload();
                void message.success(t('imported', { count }));
              }}
            />
            <BatchDeleteButton
              selectedKeys={selectedKeys}
              permission={ROUTING_PERMS.edit}
              onDelete={(ids) => remove.mutateAsync(ids)}
              onDone={clearSelection}
            />
          </>
        )}
        columns={[
          { title: t('fields.sortOrder'), dataIndex: 'sortOrder', sorter: true, width: 80 },
          {
            title: t('fields.name'),
            dataIndex: 'name',
            sorter: true,
            render: (v: string) => <span data-testid="route-name-cell">{v}</span>,
          },
          {
            title: t('fields.company'),
            dataIndex: 'companyName',
            responsive: ['md'],
            render: (v: string | null) => v ?? t('anyCompany'),
          },
          {
            title: t('fields.smsKind'),
            dataIndex: 'smsKind',
            sorter: true,
            render: (k: Route['smsKind']) => labels.smsKind(k),
          },
          {
            title: t('fields.destination'),
            key: 'destination',
            render: (_: unknown, r: Route) => (
              <Space size={4} wrap>
                <span>{labels.country(r.countryCode)}</span>
                {r.mcc ? <Tag>{r.mnc ? `${r.mcc}/${r.mnc}` : r.mcc}</Tag> : null}
                {r.prefix ? <Tag>+{r.prefix}</Tag> : null}
              </Space>
            ),
          },
          {
            title: t('fields.window'),
            key: 'window',
            responsive: ['lg'],
            render: (_: unknown, r: Route) => (r.startTime ? `${r.startTime}–${r.endTime}` : t('allDay')),
          },
          {
            title: t('fields.gateways'),
            key: 'gateways',
            render: (_: unknown, r: Route) => (
              <Space size={4} wrap>
                <Tag color="blue">{labels.strategy(r.strategy)}</Tag>
                {r.gateways.map((g, i) => (
                  <Tag key={g.gatewayId}>
                    {r.strategy === 'weighted' ? `${g.name} ×${g.weight}` : `${i + 1}. ${g.name}`}
                  </Tag>
                ))}
              </Space>
            ),
          },
          {
            title: t('fields.enabled'),
            dataIndex: 'enabled',
            sorter: true,
            render: (v: boolean, r: Route) => (
              <Switch
                checked={v}
                size="small"
                disabled={!canEdit}
                loading={toggle.isPending && toggle.variables?.id === r.id}
                aria-label={t('fields.enabled')}
                data-testid="route-enabled"
                onChange={() =>
                  toggle.mutate(r, {
                    onSuccess: () => void message.success(v ? t('turnedOff') : t('turnedOn')),
                  })
                }
              />
            ),
          },
          rowActionsColumn<Route>(t('actions'), (record) => [
            editAction(t('edit'), ROUTING_PERMS.edit, () => form.edit(record), 'route-edit'),
            {
              key: 'delete',
              label: t('delete'),
              permission: ROUTING_PERMS.edit,
              danger: true,
              confirm: t('deleteConfirm'),
              onClick: () =>
                remove.mutateAsync([record.id]).then(
                  () => void message.success(t('deleted')),
                  () => {},
                ),
            },
          ]),
        ]}
      />
      <RouteFormModal {...form.modal} />
      <RouteTester open={testing} onClose={() => setTesting(false)} />
    </>
  );
}
