import { Flex, Layout, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { BrandLogo, useBrand } from '@/features/branding';
import { ContactDropdown } from '@/features/contact';

/** Text pages get more room than the sign-in form. */
const WIDE_PAGES = new Set(['/user/help', '/user/privacy', '/user/terms', '/user/register-result']);

/** Layout of the screens reachable without a session: brand, language switch, footer. */
export default function UserLayout() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { pathname } = useLocation();
  return (
    <Layout style={{ minHeight: '100vh', background: 'linear-gradient(180deg, #f0f5f3 0%, #ffffff 60%)' }}>
      <Flex justify="flex-end" gap={8} style={{ padding: '12px 24px' }}>
        <ContactDropdown />
        {/* Nothing brand-specific before the brand is known. */}
        {!brand || brand.hideLanguage ? null : <LanguageSwitch />}
      </Flex>
      <Layout.Content
        style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', padding: '24px 16px' }}
      >
        <Space orientation="vertical" align="center" size={4} style={{ marginBottom: 24 }}>
          <Space align="center" size={12}>
            <BrandLogo size={40} />
            <Typography.Title level={2} style={{ margin: 0 }} data-testid="brand-name">
              {brand?.brandName}
            </Typography.Title>
          </Space>
          <Typography.Text type="secondary">{t('tagline')}</Typography.Text>
        </Space>
        <div style={{ width: '100%', maxWidth: WIDE_PAGES.has(pathname) ? 720 : 380 }}>
          <Outlet />
        </div>
      </Layout.Content>
      <Layout.Footer style={{ textAlign: 'center', background: 'transparent' }}>
        <Space separator="·">
          <Link to="/user/help">{t('footer.help')}</Link>
          <Link to="/user/privacy">{t('footer.privacy')}</Link>
          <Link to="/user/terms">{t('footer.terms')}</Link>
        </Space>
      </Layout.Footer>
    </Layout>
  );
}
