import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { BrandLogo, useBrand, useBrandTitle } from '@/features/brand';
import { ContactDropdown } from '@/features/contact';

/** Text pages get more room than the sign-in form. */
const WIDE_PAGES = new Set(['/user/help', '/user/privacy', '/user/terms', '/user/register-result']);

/**
 * Layout of the screens reachable without a session: brand, language switch, footer. Plain markup
 * (styles.css, `sb-user-*`): the sign-in page it frames loads no antd.
 */
export default function UserLayout() {
  const { t } = useTranslation();
  const brand = useBrand();
  useBrandTitle();
  const { pathname } = useLocation();
  return (
    <div className="sb-user-layout">
      <div className="sb-user-toolbar">
        <ContactDropdown />
        {/* Nothing brand-specific before the brand is known. */}
        {!brand || brand.hideLanguage ? null : <LanguageSwitch />}
      </div>
      <main className="sb-user-content">
        <div className="sb-user-brand">
          <div className="sb-user-brand-name">
            <BrandLogo size={40} />
            <h2 data-testid="brand-name">{brand?.brandName}</h2>
          </div>
          <span className="sb-text-secondary">{t('tagline')}</span>
        </div>
        <div className="sb-user-body" style={{ maxWidth: WIDE_PAGES.has(pathname) ? 720 : 380 }}>
          <Outlet />
        </div>
      </main>
      <footer className="sb-user-footer">
        <Link to="/user/help">{t('footer.help')}</Link>
        <span aria-hidden="true">·</span>
        <Link to="/user/privacy">{t('footer.privacy')}</Link>
        <span aria-hidden="true">·</span>
        <Link to="/user/terms">{t('footer.terms')}</Link>
      </footer>
    </div>
  );
}
