import { Button, Card, Flex, Result, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { RegisterResultState } from './RegisterPage';

/** The sign-up this page confirms: only one just sent from the sign-up page (router state). */
function registeredEmail(state: unknown): string | null {
  const registered = (state as Partial<RegisterResultState> | null)?.registered;
  return typeof registered?.email === 'string' ? registered.email : null;
}

/**
 * /user/register-result, right after a sign-up: the account waits for approval; what happens next.
 * Opened any other way (typed, bookmarked) there is nothing to confirm: it leads to sign-up or sign-in.
 */
export default function RegisterResultPage() {
  const { t } = useTranslation('register');
  const email = registeredEmail(useLocation().state);
  if (email === null)
    return (
      <Card>
        <Result
          status="info"
          title={<span data-testid="register-result-none">{t('result.none.title')}</span>}
          subTitle={t('result.none.body')}
          extra={
            <Flex gap={8} justify="center" wrap>
              <Link to="/user/register">
                <Button type="primary">{t('result.none.register')}</Button>
              </Link>
              <Link to="/user/login">
                <Button>{t('result.none.signIn')}</Button>
              </Link>
            </Flex>
          }
        />
      </Card>
    );
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
