import { LegalPage } from './legal-page';

/** `/terms`: the terms of use, in plain words. */
export default function TermsScreen() {
  return <LegalPage doc="terms" />;
}
