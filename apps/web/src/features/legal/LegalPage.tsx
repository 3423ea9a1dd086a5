import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export type LegalDoc = 'help' | 'privacy' | 'terms';

/** Section keys per document (legal.json: `<doc>.s<n>.heading` and `.body`). */
const SECTIONS = {
  help: ['s1', 's2', 's3', 's4', 's5', 's6'],
  privacy: ['s1', 's2', 's3', 's4', 's5', 's6'],
  terms: ['s1', 's2', 's3', 's4', 's5', 's6'],
} as const satisfies Record<LegalDoc, readonly string[]>;

/** Help, privacy policy and terms: public pages linked from the sign-in footer. */
export function LegalPage({ doc }: { doc: LegalDoc }) {
  const { t } = useTranslation('legal');
  return (
    <Card>
      <Typography.Title level={3} data-testid="legal-title">
        {t(`${doc}.title`)}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t(`${doc}.intro`)}</Typography.Paragraph>
      {SECTIONS[doc].map((s) => (
        <section key={s}>
          <Typography.Title level={5}>{t(`${doc}.${s}.heading`)}</Typography.Title>
          <Typography.Paragraph>{t(`${doc}.${s}.body`)}</Typography.Paragraph>
        </section>
      ))}
      <Typography.Paragraph type="secondary">{t('updated')}</Typography.Paragraph>
      <Link to="/user/login">{t('back')}</Link>
    </Card>
  );
}
