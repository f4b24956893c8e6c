import { LegalPage } from './legal-page';

/** `/help`: High5's own help page, the help link's default when HELP_URL is not set (decision 0308). */
export default function HelpScreen() {
  return <LegalPage doc="help" />;
}
