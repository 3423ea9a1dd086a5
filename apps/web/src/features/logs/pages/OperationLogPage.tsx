import { logQuerySchema, type OperationLogItem } from '@switchboard/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '@/components/DateTimeText';
import { Ellipsis } from '@/components/Ellipsis';
import { ExportButton } from '@/components/ExportButton';
import { ResourceTable } from '@/components/ResourceTable';
import { exportWindow } from '@/lib/export-window';
import { formatNumber } from '@/lib/format';
import { listOperationLogQuery, OPERATION_LOG_PATH } from '../api/list-operation-log';
import { ChangesButton } from '../components/ChangesButton';
import { LogFilters, logFormValues, logQuery } from './log-filters';

export default function OperationLogPage() {
  const { t } = useTranslation(['system', 'menu']);
  return (
    <ResourceTable
      params={logQuerySchema}
      query={listOperationLogQuery}
      rowKey="id"
      title={t('menu:operationLog')}
      testId="operation-log-table"
      filters={<LogFilters />}
      toQuery={logQuery}
      fromQuery={logFormValues}
      toolbar={({ params }) => (
        <ExportButton
          path={`${OPERATION_LOG_PATH}/exportXls`}
          params={params}
          prepare={exportWindow}
          testId="operation-log-export"
        />
      )}
      columns={[
        { title: t('log.username'), dataIndex: 'username' },
        // Beside the user, as the login log's result: on a phone both stay in view.
        {
          title: t('log.status'),
          dataIndex: 'statusCode',
          render: (code: number) => <Tag color={code < 400 ? 'green' : 'red'}>{code}</Tag>,
        },
        { title: t('log.method'), dataIndex: 'method', responsive: ['md'] },
        {
          title: t('log.route'),
          dataIndex: 'route',
          responsive: ['md'],
          render: (v: string) => <Ellipsis text={v} />,
        },
        {
          title: t('log.action'),
          dataIndex: 'action',
          // What the server records is a code (a permission or `login`): shown as one.
          render: (v: string | null) =>
            v ? (
              <code>
                <Ellipsis text={v} />
              </code>
            ) : null,
        },
        { title: t('log.ip'), dataIndex: 'ip', responsive: ['md'] },
        {
          title: t('log.duration'),
          dataIndex: 'durationMs',
          responsive: ['md'],
          align: 'right',
          render: (v: number) => formatNumber(v),
        },
        {
          title: t('log.changesColumn'),
          key: 'changes',
          render: (_: unknown, row: OperationLogItem) => <ChangesButton row={row} />,
        },
        {
          title: t('common.createdAt'),
          dataIndex: 'createdAt',
          render: (v: string) => <DateTimeText value={v} />,
        },
      ]}
    />
  );
}
