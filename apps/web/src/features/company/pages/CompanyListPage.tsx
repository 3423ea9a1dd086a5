import { COMPANY_EXPORT_PATH, type CompanyListItem, companyListQuerySchema } from '@switchboard/contracts';
import { App, Button, Flex, Form, Input, Select, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '@/components/Can';
import { DateTimeText } from '@/components/DateTimeText';
import { DictTag, useDict } from '@/components/dict';
import { Ellipsis } from '@/components/Ellipsis';
import { ExportButton } from '@/components/ExportButton';
import { ResourceTable } from '@/components/ResourceTable';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import { TemplatePolicyModal } from '@/features/sms-template';
import { formatMoney } from '@/lib/format';
import { useCurrency } from '@/lib/session';
import { useEnableCompanies, useFreezeCompanies } from '../api/companies';
import { listCompaniesQuery } from '../api/list-companies';
import {
  AdjustBalanceModal,
  ApproveCompanyModal,
  CreditLimitModal,
  RejectCompanyModal,
} from '../components/CompanyDialogs';
import { CompanyFormModal } from '../components/CompanyFormModal';

const APPROVAL_COLORS: Record<string, string> = { approved: 'green', waiting: 'gold', failed: 'red' };

type Dialog =
  | { kind: 'form'; company: CompanyListItem | null }
  | { kind: 'approve' | 'reject' | 'creditLimit' | 'adjust' | 'templatePolicy'; company: CompanyListItem };

export default function CompanyListPage() {
  const { t } = useTranslation(['system', 'menu', 'smsTemplate']);
  const currency = useCurrency();
  const { message } = App.useApp();
  const types = useDict('company_type');
  const approvals = useDict('approval_status');
  const freeze = useFreezeCompanies();
  const enable = useEnableCompanies();
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const setFrozen = (ids: string[], frozen: boolean, done?: () => void) =>
    freeze.mutate(
      { ids, frozen },
      {
        onSuccess: () => {
          void message.success(frozen ? t('company.frozenDone') : t('company.thawedDone'));
          done?.();
        },
      },
    );
  const setEnabled = (ids: string[], enabled: boolean) =>
    enable.mutate(
      { ids, enabled },
      {
        onSuccess: () => void message.success(enabled ? t('company.enabledDone') : t('company.disabledDone')),
      },
    );

  return (
    <>
      <ResourceTable
        params={companyListQuerySchema}
        query={listCompaniesQuery}
        rowKey="id"
        title={t('menu:companies')}
        testId="company-table"
        selectable
        filters={
          <>
            <Form.Item name="name" label={t('company.name')}>
              <Input allowClear data-testid="filter-name" />
            </Form.Item>
            <Form.Item name="type" label={t('company.type')}>
              <Select allowClear options={types.options} style={{ width: 140 }} data-testid="filter-type" />
            </Form.Item>
            <Form.Item name="approvalStatus" label={t('company.approvalStatus')}>
              <Select
                allowClear
                options={approvals.options}
                style={{ width: 140 }}
                data-testid="filter-approval"
              />
            </Form.Item>
            <Form.Item name="status" label={t('company.status')}>
              <Select
                allowClear
                style={{ width: 120 }}
                data-testid="filter-status"
                options={[
                  { value: 'normal', label: t('company.statusNormal') },
                  { value: 'frozen', label: t('company.statusFrozen') },
                  { value: 'disabled', label: t('company.statusDisabled') },
                ]}
              />
            </Form.Item>
          </>
        }
        toolbar={({ selectedKeys, clearSelection, params }) => (
          <Flex gap={8} wrap>
            <Can action="company:add">
              <Button
                type="primary"
                onClick={() => setDialog({ kind: 'form', company: null })}
                data-testid="company-add"
              >
                {t('company.add')}
              </Button>
            </Can>
            <Can action="company:frozen">
              <Button
                disabled={selectedKeys.length === 0}
                onClick={() => setFrozen(selectedKeys.map(String), true, clearSelection)}
                data-testid="company-batch-freeze"
              >
                {t('company.freezeSelected')}
              </Button>
            </Can>
            <Can action="company:frozen">
              <Button
                disabled={selectedKeys.length === 0}
                onClick={() => setFrozen(selectedKeys.map(String), false, clearSelection)}
                data-testid="company-batch-thaw"
              >
                {t('company.thawSelected')}
              </Button>
            </Can>
            <ExportButton
              path={COMPANY_EXPORT_PATH}
              params={params}
              permission="company:export"
              testId="company-export"
            />
          </Flex>
        )}
        columns={[
          {
            title: t('company.name'),
            dataIndex: 'name',
            sorter: true,
            render: (name: string) => (
              <span data-testid="company-name">
                <Ellipsis text={name} />
              </span>
            ),
          },
          {
            title: t('company.type'),
            dataIndex: 'type',
            responsive: ['md'],
            sorter: true,
            render: (type: string) => <DictTag code="company_type" value={type} />,
          },
          {
            title: t('company.parent'),
            dataIndex: 'parentCompanyName',
            responsive: ['lg'],
            render: (v: string | null) => <Ellipsis text={v} />,
          },
          {
            title: t('company.approvalStatus'),
            dataIndex: 'approvalStatus',
            sorter: true,
            render: (status: string, company: CompanyListItem) => (
              <Tooltip title={company.rejectReason ?? undefined}>
                <span data-testid="company-approval">
                  <DictTag code="approval_status" value={status} colors={APPROVAL_COLORS} />
                </span>
              </Tooltip>
            ),
          },
          {
            title: t('company.status'),
            key: 'status',
            // On a phone the name and approval stay in view beside the actions (whose menu
            // offers freeze or thaw as the status allows); the status shows from 576 px.
            responsive: ['sm'],
            render: (_: unknown, c: CompanyListItem) => (
              <span data-testid="company-status">
                {!c.enabled ? (
                  <Tag color="default">{t('company.statusDisabled')}</Tag>
                ) : c.frozen ? (
                  <Tag color="red">{t('company.statusFrozen')}</Tag>
                ) : (
                  <Tag color="green">{t('company.statusNormal')}</Tag>
                )}
              </span>
            ),
          },
          {
            title: t('company.balance'),
            dataIndex: 'balance',
            align: 'right',
            responsive: ['sm'],
            render: (v: string) => <span data-testid="company-balance">{formatMoney(v, currency)}</span>,
          },
          {
            title: t('company.creditLimit'),
            dataIndex: 'creditLimit',
            align: 'right',
            responsive: ['lg'],
            render: (v: string) => formatMoney(v, currency),
          },
          {
            title: t('company.sales'),
            dataIndex: 'salesUsername',
            responsive: ['lg'],
            render: (v: string | null) => v ?? '',
          },
          {
            title: t('common.createdAt'),
            dataIndex: 'createdAt',
            responsive: ['md'],
            sorter: true,
            render: (v: string) => <DateTimeText value={v} />,
          },
          rowActionsColumn<CompanyListItem>(t('table.actions'), (c) => [
            c.approvalStatus !== 'approved' && {
              key: 'approve',
              label: t('company.approve'),
              permission: 'company:approve',
              onClick: () => setDialog({ kind: 'approve', company: c }),
              testId: 'company-approve',
            },
            (c.approvalStatus === 'waiting' || c.approvalStatus === 'unapproved') && {
              key: 'reject',
              label: t('company.reject'),
              permission: 'company:approve',
              danger: true,
              onClick: () => setDialog({ kind: 'reject', company: c }),
              testId: 'company-reject',
            },
            editAction(
              t('company.edit'),
              'company:edit',
              () => setDialog({ kind: 'form', company: c }),
              'company-edit',
            ),
            c.frozen
              ? {
                  key: 'thaw',
                  label: t('company.thaw'),
                  permission: 'company:frozen',
                  onClick: () => setFrozen([c.id], false),
                  testId: 'company-thaw',
                }
              : {
                  key: 'freeze',
                  label: t('company.freeze'),
                  permission: 'company:frozen',
                  danger: true,
                  confirm: t('company.freezeConfirm', { name: c.name }),
                  onClick: () => setFrozen([c.id], true),
                  testId: 'company-freeze',
                },
            c.enabled
              ? {
                  key: 'disable',
                  label: t('company.disable'),
                  permission: 'company:enabled',
                  danger: true,
                  confirm: t('company.disableConfirm', { name: c.name }),
                  onClick: () => setEnabled([c.id], false),
                  testId: 'company-disable',
                }
              : {
                  key: 'enable',
                  label: t('company.enable'),
                  permission: 'company:enabled',
                  onClick: () => setEnabled([c.id], true),
                  testId: 'company-enable',
                },
            {
              key: 'creditLimit',
              label: t('company.creditLimit'),
              permission: 'company:creditLimit',
              onClick: () => setDialog({ kind: 'creditLimit', company: c }),
              testId: 'company-credit-limit',
            },
            {
              key: 'adjust',
              label: t('company.adjust'),
              permission: 'company:balance:adjust',
              onClick: () => setDialog({ kind: 'adjust', company: c }),
              testId: 'company-adjust',
            },
            {
              key: 'templatePolicy',
              label: t('smsTemplate:template.policy'),
              permission: 'sms:template:policy',
              onClick: () => setDialog({ kind: 'templatePolicy', company: c }),
              testId: 'company-template-policy',
            },
          ]),
        ]}
      />
      <CompanyFormModal
        open={dialog?.kind === 'form'}
        editing={dialog?.kind === 'form' ? dialog.company : null}
        onClose={() => setDialog(null)}
      />
      {dialog?.kind === 'approve' ? (
        <ApproveCompanyModal company={dialog.company} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'reject' ? (
        <RejectCompanyModal company={dialog.company} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'creditLimit' ? (
        <CreditLimitModal company={dialog.company} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'adjust' ? (
        <AdjustBalanceModal company={dialog.company} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'templatePolicy' ? (
        <TemplatePolicyModal company={dialog.company} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}
