import { logQuerySchema } from '@switchboard/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '@/components/DateTimeText';
import { Ellipsis } from '@/components/Ellipsis';
import { ExportButton } from '@/components/ExportButton';
import { ResourceTable } from '@/components/ResourceTable';
import { exportWindow } from '@/lib/export-window';
import { LOGIN_LOG_PATH, listLoginLogQuery } from '../api/list-login-log';
import { VisitStats } from '../components/VisitStats';
import { useLoginLogTexts } from '../log-texts';
import { LogFilters, logFormValues, logQuery } from './log-filters';

export default function LoginLogPage() {
  const { t } = useTranslation(['system', 'menu']);
  const texts = useLoginLogTexts();
  return (
    <>
      <VisitStats />
      <ResourceTable
        params={logQuerySchema}
        query={listLoginLogQuery}
        rowKey="id"
        title={t('menu:loginLog')}
        testId="login-log-table"
        filters={<LogFilters />}
        toQuery={logQuery}
        fromQuery={logFormValues}
        toolbar={({ params }) => (
          <ExportButton
            path={`${LOGIN_LOG_PATH}/exportXls`}
            params={params}
            prepare={exportWindow}
            testId="login-log-export"
          />
        )}
        columns={[
          { title: t('log.username'), dataIndex: 'username' },
          {
            title: t('log.result'),
            dataIndex: 'success',
            render: (ok: boolean) =>
              ok ? <Tag color="green">{t('log.success')}</Tag> : <Tag color="red">{t('log.failure')}</Tag>,
          },
          {
            title: t('log.reason'),
            dataIndex: 'reason',
            responsive: ['md'],
            render: (v: string | null) => <Ellipsis text={texts.reason(v)} />,
          },
          {
            title: t('log.method'),
            dataIndex: 'method',
            responsive: ['md'],
            render: (v: string) => texts.method(v),
          },
          { title: t('log.ip'), dataIndex: 'ip', responsive: ['md'] },
          {
            title: t('log.userAgent'),
            dataIndex: 'userAgent',
            responsive: ['md'],
            render: (v: string | null) => <Ellipsis text={v} />,
          },
          {
            title: t('common.createdAt'),
            dataIndex: 'createdAt',
            render: (v: string) => <DateTimeText value={v} />,
          },
        ]}
      />
    </>
  );
}
