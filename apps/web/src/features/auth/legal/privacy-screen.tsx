import { LegalPage } from './legal-page';

/** `/privacy`: the privacy policy, in plain words. */
export default function PrivacyScreen() {
  return <LegalPage doc="privacy" />;
}
