import { companyListQuerySchema } from '@switchboard/contracts';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '@/components/DateTimeText';
import { DictTag, useDict } from '@/components/dict';
import { Ellipsis } from '@/components/Ellipsis';
import { ResourceTable } from '@/components/ResourceTable';
import { listCompaniesQuery } from '../api/list-companies';

const APPROVAL_COLORS: Record<string, string> = { approved: 'green', waiting: 'gold', failed: 'red' };

export default function CompanyListPage() {
  const { t } = useTranslation(['system', 'menu']);
  const types = useDict('company_type');
  return (
    <ResourceTable
      params={companyListQuerySchema}
      query={listCompaniesQuery}
      rowKey="id"
      title={t('menu:companies')}
      testId="company-table"
      filters={
        <>
          <Form.Item name="name" label={t('company.name')}>
            <Input allowClear data-testid="filter-name" />
          </Form.Item>
          <Form.Item name="type" label={t('company.type')}>
            <Select allowClear options={types.options} style={{ width: 140 }} data-testid="filter-type" />
          </Form.Item>
        </>
      }
      columns={[
        { title: t('company.name'), dataIndex: 'name', render: (name: string) => <Ellipsis text={name} /> },
        {
          title: t('company.type'),
          dataIndex: 'type',
          responsive: ['md'],
          render: (type: string) => <DictTag code="company_type" value={type} />,
        },
        {
          title: t('company.approvalStatus'),
          dataIndex: 'approvalStatus',
          render: (status: string) => (
            <DictTag code="approval_status" value={status} colors={APPROVAL_COLORS} />
          ),
        },
        {
          title: t('common.createdAt'),
          dataIndex: 'createdAt',
          responsive: ['md'],
          render: (v: string) => <DateTimeText value={v} />,
        },
      ]}
    />
  );
}
