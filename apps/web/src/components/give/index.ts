export { GiveHigh5Dialog } from './give-high5-dialog';
export { GiveVibeDialog } from './give-vibe-dialog';
export { CertifyDialog, type CertifyDialogProps } from './certify-dialog';
export type { GiveDialogProps, GiveRecipient } from './give-dialog';
export { recognitionKeys } from './query-keys';
export { shortLabel } from './labels';
export { CategoryTileTooltip } from './category-tile-tooltip';
