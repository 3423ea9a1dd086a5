import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** /user/alteration: reachable without a session; the form arrives with company sign-up. */
export default function AlterationPage() {
  const { t } = useTranslation('layout');
  return (
    <Card>
      <Result
        status="info"
        title={<span data-testid="page-title">{t('register.alteration')}</span>}
        subTitle={t('register.alterationText')}
        extra={
          <Link to="/user/login">
            <Button type="primary">{t('register.backToLogin')}</Button>
          </Link>
        }
      />
    </Card>
  );
}
