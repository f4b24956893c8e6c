import { GiveScreen } from './give-screen';

/** /positivevibes: give a Positive Vibe. */
export default function VibesScreen() {
  return <GiveScreen kind="vibe" />;
}
