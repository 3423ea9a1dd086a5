import { LegalPage } from '../LegalPage';

export default function HelpPage() {
  return <LegalPage doc="help" />;
}
