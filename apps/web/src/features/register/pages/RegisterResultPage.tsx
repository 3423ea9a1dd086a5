import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

/** What happens after signing up: review, then sign-in. */
export default function RegisterResultPage() {
  const { t } = useTranslation('register');
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  return (
    <Result
      status="success"
      title={<span data-testid="register-result-title">{t('result.title')}</span>}
      subTitle={t('result.body', { email })}
      extra={
        <Link to="/user/login">
          <Button type="primary">{t('result.toLogin')}</Button>
        </Link>
      }
    />
  );
}
