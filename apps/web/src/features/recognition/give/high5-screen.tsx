import { GiveScreen } from './give-screen';

/** /high5: give a High 5. */
export default function High5Screen() {
  return <GiveScreen kind="high5" />;
}
