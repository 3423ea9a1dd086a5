import { type AuthEntry, departmentName } from '@switchboard/contracts';
import { Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/DataTable';
import { useHomePath } from '@/features/user';
import { currentLocale, useLocale } from '@/lib/i18n';
import { usePermissions } from '@/lib/permissions-context';
import { useSession } from '@/lib/session';
import { useSettings } from '@/lib/settings';
import { type SocketState, useNoticeSocket } from '@/lib/websocket';

function AuthTable({ title, entries, testId }: { title: string; entries: AuthEntry[]; testId: string }) {
  const { t } = useTranslation('layout');
  return (
    <Card size="small" title={`${title} (${entries.length})`}>
      <DataTable<AuthEntry>
        size="small"
        rowKey="action"
        pagination={false}
        dataSource={entries}
        data-testid={testId}
        columns={[
          { title: t('diagnostics.action'), dataIndex: 'action' },
          { title: t('diagnostics.describe'), dataIndex: 'describe' },
          {
            title: t('diagnostics.type'),
            dataIndex: 'type',
            render: (type: string) =>
              type === '2' ? t('diagnostics.typeDisable') : t('diagnostics.typeHide'),
          },
          {
            title: t('diagnostics.status'),
            dataIndex: 'status',
            render: (status: string) =>
              status === '0' ? (
                <Tag>{t('diagnostics.off')}</Tag>
              ) : (
                <Tag color="green">{t('diagnostics.on')}</Tag>
              ),
          },
        ]}
      />
    </Card>
  );
}

const SOCKET_COLORS: Record<SocketState, string> = {
  connecting: 'blue',
  open: 'green',
  reconnecting: 'orange',
  closed: 'default',
};

const ignoreMessages = () => {};

/** The notices socket as it is now; being on this page keeps it open. */
function SocketStatus() {
  const { t } = useTranslation('layout');
  const state = useNoticeSocket(ignoreMessages);
  return (
    <Tag color={SOCKET_COLORS[state]} data-testid="diagnostics-websocket" data-state={state}>
      {t(`diagnostics.socket.${state}`)}
    </Tag>
  );
}

/** Administrators' diagnostics: what the console knows about the session right now. */
export default function DiagnosticsPage() {
  const { t } = useTranslation(['layout', 'menu']);
  const locale = useLocale();
  const session = useSession();
  const permissions = usePermissions();
  const settings = useSettings();
  const home = useHomePath();
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} data-testid="page-title">
        {t('menu:diagnostics')}
      </Typography.Title>
      <Card size="small" title={t('diagnostics.session')}>
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            {
              key: 'user',
              label: t('diagnostics.user'),
              children: (
                <span data-testid="diagnostics-user">
                  {session ? `${session.userInfo.username} (${session.userInfo.realname})` : '—'}
                </span>
              ),
            },
            { key: 'roles', label: t('diagnostics.roles'), children: session?.userInfo.roles.join(', ') },
            {
              key: 'department',
              label: t('diagnostics.department'),
              children: (
                <span data-testid="diagnostics-department">
                  {home.departInfo
                    ? departmentName(home.departInfo, locale)
                    : (session?.userInfo.orgCode ?? '—')}
                </span>
              ),
            },
            { key: 'home', label: t('diagnostics.home'), children: home.path },
            {
              key: 'locale',
              label: t('diagnostics.locale'),
              children: <span data-testid="diagnostics-locale">{currentLocale()}</span>,
            },
            {
              key: 'websocket',
              label: t('diagnostics.websocket'),
              children: <SocketStatus />,
            },
            {
              key: 'settings',
              label: t('diagnostics.settings'),
              children: <code data-testid="diagnostics-settings">{JSON.stringify(settings)}</code>,
            },
          ]}
        />
      </Card>
      <AuthTable title={t('diagnostics.auth')} entries={permissions.auth} testId="diagnostics-auth" />
      <AuthTable
        title={t('diagnostics.allAuth')}
        entries={permissions.allAuth}
        testId="diagnostics-all-auth"
      />
    </Flex>
  );
}
