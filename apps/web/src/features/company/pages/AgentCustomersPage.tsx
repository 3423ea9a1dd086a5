import {
  AGENT_CUSTOMER_EXPORT_PATH,
  agentCustomerListQuerySchema,
  type CompanyListItem,
} from '@switchboard/contracts';
import { App, Button, Card, Col, Form, Input, Row, Select, Statistic, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '@/components/Can';
import { DictTag } from '@/components/dict';
import { Ellipsis } from '@/components/Ellipsis';
import { ExportButton } from '@/components/ExportButton';
import { ResourceTable } from '@/components/ResourceTable';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import { formatMoney } from '@/lib/format';
import { useCurrency } from '@/lib/session';
import { listAgentCustomersQuery, useAgentBalance, useFreezeCustomers } from '../api/agent';
import { CustomerFormModal } from '../components/CustomerFormModal';
import { CustomerGatewaysModal } from '../components/CustomerGatewaysModal';
import { TransferModal } from '../components/TransferModal';

type Dialog =
  | { kind: 'form'; customer: CompanyListItem | null }
  | { kind: 'transfer'; customer: CompanyListItem }
  | { kind: 'gateways'; customer: CompanyListItem };

/**
 * A distributor's or agent's customers (a distributor's agents too): balances and what each
 * received and was charged, new customers, balance transfers, freezing.
 */
export default function AgentCustomersPage() {
  const { t } = useTranslation(['agent', 'menu']);
  const currency = useCurrency();
  const { message } = App.useApp();
  const balance = useAgentBalance();
  const freeze = useFreezeCustomers();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const flows = new Map((balance.data?.customers ?? []).map((c) => [c.companyId, c]));

  const setFrozen = (ids: string[], frozen: boolean) =>
    freeze.mutate(
      { ids, frozen },
      { onSuccess: () => void message.success(frozen ? t('frozenDone') : t('thawedDone')) },
    );

  return (
    <>
      <Card style={{ marginBottom: 16 }} data-testid="agent-own-balance">
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Statistic
              title={t('ownBalance')}
              value={formatMoney(balance.data?.balance ?? '0', balance.data?.currency ?? currency)}
              valueRender={(node) => <span data-testid="agent-balance">{node}</span>}
            />
          </Col>
          <Col xs={12} sm={8}>
            <Statistic
              title={t('creditLimit')}
              value={formatMoney(balance.data?.creditLimit ?? '0', balance.data?.currency ?? currency)}
            />
          </Col>
          <Col xs={12} sm={8}>
            <Statistic
              title={t('commission')}
              value={formatMoney(balance.data?.commission ?? '0', balance.data?.currency ?? currency)}
            />
          </Col>
        </Row>
      </Card>
      <ResourceTable
        params={agentCustomerListQuerySchema}
        query={listAgentCustomersQuery}
        rowKey="id"
        title={t('menu:agentCustomers')}
        testId="customer-table"
        filters={
          <>
            <Form.Item name="name" label={t('fields.name')}>
              <Input allowClear data-testid="filter-name" />
            </Form.Item>
            <Form.Item name="status" label={t('status')}>
              <Select
                allowClear
                style={{ width: 120 }}
                options={[
                  { value: 'normal', label: t('statusNormal') },
                  { value: 'frozen', label: t('statusFrozen') },
                  { value: 'disabled', label: t('statusDisabled') },
                ]}
              />
            </Form.Item>
          </>
        }
        toolbar={({ params }) => (
          <>
            <Can action="agent:customer:add">
              <Button
                type="primary"
                onClick={() => setDialog({ kind: 'form', customer: null })}
                data-testid="customer-add"
              >
                {t('add')}
              </Button>
            </Can>
            <ExportButton
              path={AGENT_CUSTOMER_EXPORT_PATH}
              params={params}
              permission="agent:customer:export"
              testId="customer-export"
            />
          </>
        )}
        columns={[
          {
            title: t('fields.name'),
            dataIndex: 'name',
            sorter: true,
            render: (v: string) => (
              <span data-testid="customer-name">
                <Ellipsis text={v} />
              </span>
            ),
          },
          {
            title: t('fields.type'),
            dataIndex: 'type',
            responsive: ['md'],
            sorter: true,
            render: (v: string) => <DictTag code="company_type" value={v} />,
          },
          {
            title: t('status'),
            key: 'status',
            render: (_: unknown, c: CompanyListItem) =>
              !c.enabled ? (
                <Tag>{t('statusDisabled')}</Tag>
              ) : c.frozen ? (
                <Tag color="red">{t('statusFrozen')}</Tag>
              ) : (
                <Tag color="green">{t('statusNormal')}</Tag>
              ),
          },
          {
            title: t('balance'),
            dataIndex: 'balance',
            align: 'right',
            render: (v: string) => <span data-testid="customer-balance">{formatMoney(v, currency)}</span>,
          },
          {
            title: t('totalIn'),
            key: 'totalIn',
            align: 'right',
            responsive: ['md'],
            render: (_: unknown, c: CompanyListItem) =>
              formatMoney(flows.get(c.id)?.totalIn ?? '0', currency),
          },
          {
            title: t('totalCharged'),
            key: 'totalCharged',
            align: 'right',
            responsive: ['md'],
            render: (_: unknown, c: CompanyListItem) =>
              formatMoney(flows.get(c.id)?.totalCharged ?? '0', currency),
          },
          rowActionsColumn<CompanyListItem>(t('actions'), (c) => [
            {
              key: 'transfer',
              label: t('transfer'),
              permission: 'agent:balance:transfer',
              disabled: !balance.data,
              onClick: () => setDialog({ kind: 'transfer', customer: c }),
              testId: 'customer-transfer',
            },
            // Its own customers only (a distributor's agents choose for theirs).
            c.parentCompanyId === balance.data?.companyId && {
              key: 'gateways',
              label: t('gateways'),
              permission: 'agent:customer:gateway',
              onClick: () => setDialog({ kind: 'gateways', customer: c }),
              testId: 'customer-gateways-action',
            },
            editAction(
              t('edit'),
              'agent:customer:edit',
              () => setDialog({ kind: 'form', customer: c }),
              'customer-edit',
            ),
            c.frozen
              ? {
                  key: 'thaw',
                  label: t('thaw'),
                  permission: 'agent:customer:frozen',
                  onClick: () => setFrozen([c.id], false),
                  testId: 'customer-thaw',
                }
              : {
                  key: 'freeze',
                  label: t('freeze'),
                  permission: 'agent:customer:frozen',
                  danger: true,
                  confirm: t('freezeConfirm', { name: c.name }),
                  onClick: () => setFrozen([c.id], true),
                  testId: 'customer-freeze',
                },
          ]),
        ]}
      />
      <CustomerFormModal
        open={dialog?.kind === 'form'}
        editing={dialog?.kind === 'form' ? dialog.customer : null}
        canMakeAgents={balance.data?.distributor === true}
        onClose={() => setDialog(null)}
      />
      {dialog?.kind === 'transfer' && balance.data ? (
        <TransferModal
          customer={dialog.customer}
          ownBalance={balance.data.balance}
          creditLimit={balance.data.creditLimit}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'gateways' ? (
        <CustomerGatewaysModal customer={dialog.customer} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}
