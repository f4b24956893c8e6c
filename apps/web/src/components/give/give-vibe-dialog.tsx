import { GiveDialog, type GiveDialogProps } from './give-dialog';

/** Gives a Positive Vibe to `recipient` (vibes, optional comment with a confirmation, certify). */
export function GiveVibeDialog(props: GiveDialogProps) {
  return <GiveDialog kind="vibe" {...props} />;
}
