import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import HomePage from './HomePage';

/** The agent's dashboard: for now the home page with a note; agent figures arrive with billing. */
export default function AgentHomePage() {
  const { t } = useTranslation('layout');
  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon title={t('agentHome.note')} data-testid="agent-home" />
      <HomePage />
    </Flex>
  );
}
