import { Button, Card, Result, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

/** /user/register-result?email=…: the account waits for approval; what happens next. */
export default function RegisterResultPage() {
  const { t } = useTranslation('register');
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  return (
    <Card>
      <Result
        status="success"
        title={<span data-testid="register-result-title">{t('result.title')}</span>}
        subTitle={email ? t('result.body', { email }) : t('result.bodyNoEmail')}
        extra={
          <Link to="/user/login">
            <Button type="primary">{t('result.toLogin')}</Button>
          </Link>
        }
      >
        <Steps
          orientation="vertical"
          size="small"
          current={1}
          items={[
            { title: t('result.steps.received'), content: t('result.steps.receivedText') },
            { title: t('result.steps.review'), content: t('result.steps.reviewText') },
            { title: t('result.steps.signIn'), content: t('result.steps.signInText') },
          ]}
        />
      </Result>
    </Card>
  );
}
