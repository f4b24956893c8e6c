import { GiveDialog, type GiveDialogProps } from './give-dialog';

/** Gives a High 5 to `recipient` (categories, comment, certify); see GiveDialogProps. */
export function GiveHigh5Dialog(props: GiveDialogProps) {
  return <GiveDialog kind="high5" {...props} />;
}
