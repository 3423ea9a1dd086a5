import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '@/components/PlaceholderPage';

/** Administrators' SMS test tool: arrives with the messaging work. */
export default function TestToolPlaceholder() {
  const { t } = useTranslation(['layout', 'menu']);
  return <PlaceholderPage title={t('menu:testTool')} description={t('layout:placeholder.testTool')} />;
}
