import CopyOutlined from '@ant-design/icons-svg/es/asn/CopyOutlined';
import CustomerServiceOutlined from '@ant-design/icons-svg/es/asn/CustomerServiceOutlined';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import { useTranslation } from 'react-i18next';
import { MenuButton } from '@/components/MenuButton';
import { SvgIcon } from '@/components/SvgIcon';
import { useBrand } from '@/features/brand';
import { useContactInfo } from '../api/get-contact-info';
import { useCopy } from '../use-copy';

/**
 * "Contact us": the customer group link and each support account; choosing an account copies it
 * and says so. Shown only on the main brand's domain (for the sign-in layout and the header).
 */
export function ContactDropdown({ theme = 'light' }: { theme?: 'light' | 'dark' }) {
  const { t } = useTranslation('contact');
  const brand = useBrand();
  const info = useContactInfo();
  const copy = useCopy();
  // Not before the brand is known: a partner domain never shows it, not even for a moment.
  if (!brand?.isMainBrand) return null;
  const contacts = info.data?.contacts ?? [];
  const groupLink = info.data?.groupLink;
  return (
    <MenuButton
      label={t('title')}
      icon={<SvgIcon icon={CustomerServiceOutlined} />}
      testId="contact-us"
      menuTestId="contact-menu"
      theme={theme}
    >
      {(close) => (
        <>
          {groupLink ? (
            <a
              href={groupLink}
              target="_blank"
              rel="noopener noreferrer"
              role="menuitem"
              className="sb-menu-item"
              data-testid="contact-group-link"
              onClick={close}
            >
              <SvgIcon icon={TeamOutlined} />
              <span>{t('group')}</span>
            </a>
          ) : null}
          {groupLink && contacts.length > 0 ? <hr className="sb-menu-divider" /> : null}
          {contacts.map((c) => (
            <button
              key={c.telegram}
              type="button"
              role="menuitem"
              className="sb-menu-item"
              // Named by its text (who and which account); "Copy" is what choosing it does.
              title={t('copy')}
              onClick={() => {
                close();
                void copy(c.telegram);
              }}
            >
              <span data-testid="support-contact">
                {c.name}: {c.telegram}
              </span>
              <SvgIcon icon={CopyOutlined} className="sb-menu-item-extra" />
            </button>
          ))}
          {/* "None yet" only once the answer says so: loading and failure say what they are. */}
          {!groupLink && contacts.length === 0 ? (
            <div
              role="menuitem"
              tabIndex={-1}
              aria-disabled="true"
              className="sb-menu-item sb-menu-item-disabled"
            >
              {info.isPending ? (
                <>
                  <SvgIcon icon={LoadingOutlined} spin />
                  <span data-testid="contact-loading">{t('loading')}</span>
                </>
              ) : info.isError ? (
                t('loadFailed')
              ) : (
                t('none')
              )}
            </div>
          ) : null}
        </>
      )}
    </MenuButton>
  );
}
