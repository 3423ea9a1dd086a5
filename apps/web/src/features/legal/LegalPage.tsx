import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const SECTIONS = ['s1', 's2', 's3', 's4'] as const;
export type LegalDoc = 'help' | 'privacy' | 'terms';

/** Help, privacy policy and terms: public pages linked from the login footer. */
export function LegalPage({ doc }: { doc: LegalDoc }) {
  const { t } = useTranslation('legal');
  return (
    <Card>
      <Typography.Title level={3} data-testid="legal-title">
        {t(`${doc}.title`)}
      </Typography.Title>
      {SECTIONS.map((s) => (
        <section key={s}>
          <Typography.Title level={5}>{t(`${doc}.${s}.heading`)}</Typography.Title>
          <Typography.Paragraph>{t(`${doc}.${s}.body`)}</Typography.Paragraph>
        </section>
      ))}
      <Link to="/user/login">{t('back')}</Link>
    </Card>
  );
}
