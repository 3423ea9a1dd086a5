import { Flex, Layout, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { Logo } from '@/components/Logo';

/** Layout of the screens reachable without a session: brand, language switch, footer. */
export default function UserLayout() {
  const { t } = useTranslation();
  return (
    <Layout style={{ minHeight: '100vh', background: 'linear-gradient(180deg, #f0f5f3 0%, #ffffff 60%)' }}>
      <Flex justify="flex-end" style={{ padding: '12px 24px' }}>
        <LanguageSwitch />
      </Flex>
      <Layout.Content
        style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', padding: '24px 16px' }}
      >
        <Space orientation="vertical" align="center" size={4} style={{ marginBottom: 24 }}>
          <Space align="center" size={12}>
            <Logo size={40} />
            <Typography.Title level={2} style={{ margin: 0 }} data-testid="brand-name">
              {t('brand')}
            </Typography.Title>
          </Space>
          <Typography.Text type="secondary">{t('tagline')}</Typography.Text>
        </Space>
        <div style={{ width: '100%', maxWidth: 380 }}>
          <Outlet />
        </div>
      </Layout.Content>
      <Layout.Footer style={{ textAlign: 'center', background: 'transparent' }}>
        <Space separator="·">
          <Typography.Text type="secondary">{t('footer.help')}</Typography.Text>
          <Typography.Text type="secondary">{t('footer.privacy')}</Typography.Text>
          <Typography.Text type="secondary">{t('footer.terms')}</Typography.Text>
        </Space>
      </Layout.Footer>
    </Layout>
  );
}
