import { KeyOutlined } from '@ant-design/icons';
import { departmentName } from '@switchboard/contracts';
import { Button, Card, Col, Descriptions, Flex, Row, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VoiceHomeDashboard } from '@/features/call-task';
import { HomeDashboard } from '@/features/sms-stats';
import {
  ChangePasswordModal,
  currentDepartment,
  GoogleAuthCard,
  useCurrentUserDeparts,
} from '@/features/user';
import { useLocale } from '@/lib/i18n';
import { useSession } from '@/lib/session';

/**
 * First page after sign-in: the SMS figures (today, this month, balance, 30 days; a reseller's
 * customers and commission), the voice figures (calls, answer rate, minutes, spend), who the user is, their department and account security.
 */
export default function HomePage() {
  const { t } = useTranslation(['home', 'common', 'account']);
  const locale = useLocale();
  const session = useSession();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const departs = useCurrentUserDeparts(session?.username ?? '');
  if (!session) return null;
  const { userInfo } = session;
  const department = currentDepartment(departs.data, userInfo.orgCode);

  let departmentText: React.ReactNode;
  if (departs.isPending) departmentText = <Skeleton.Input size="small" active />;
  else if (departs.isError)
    departmentText = <Typography.Text type="danger">{departs.error.message}</Typography.Text>;
  else
    departmentText = department
      ? `${departmentName(department, locale)} (${department.orgCode})`
      : t('common:none');

  return (
    <Row gutter={[24, 24]}>
      <Col span={24}>
        <HomeDashboard />
      </Col>
      <Col span={24}>
        <VoiceHomeDashboard />
      </Col>
      <Col xs={24} lg={14}>
        <Card>
          <Typography.Text type="secondary">{t('welcome')}</Typography.Text>
          <Typography.Title level={2} style={{ marginTop: 4 }} data-testid="current-user">
            {userInfo.realname || userInfo.username}
          </Typography.Title>
          <Descriptions
            column={1}
            bordered
            size="small"
            title={t('profile.title')}
            items={[
              {
                key: 'username',
                label: t('profile.username'),
                children: <span data-testid="current-username">{userInfo.username}</span>,
              },
              {
                key: 'roles',
                label: t('profile.roles'),
                children: (
                  <Flex gap={4} wrap data-testid="current-roles">
                    {userInfo.roles.length === 0
                      ? t('common:none')
                      : userInfo.roles.map((role) => (
                          <Tag key={role} color="green">
                            {t(`common:roles.${role}`, { defaultValue: role })}
                          </Tag>
                        ))}
                  </Flex>
                ),
              },
              {
                key: 'department',
                label: t('profile.department'),
                children: <span data-testid="current-department">{departmentText}</span>,
              },
              {
                key: 'admin',
                label: t('profile.admin'),
                children: (
                  <span data-testid="current-admin">
                    {userInfo.isAdmin ? t('common:yes') : t('common:no')}
                  </span>
                ),
              },
            ]}
          />
          <Button
            icon={<KeyOutlined />}
            style={{ marginTop: 16 }}
            onClick={() => setPasswordOpen(true)}
            data-testid="change-password"
          >
            {t('account:password.open')}
          </Button>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <GoogleAuthCard bound={userInfo.googleAuthBound} />
      </Col>
      <ChangePasswordModal
        open={passwordOpen}
        username={userInfo.username}
        onClose={() => setPasswordOpen(false)}
      />
    </Row>
  );
}
