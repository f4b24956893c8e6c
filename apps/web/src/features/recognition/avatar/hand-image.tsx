import { Box, type SxProps, type Theme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useMyAvatar, useUserAvatar } from './api';

export interface HandImageProps {
  /** Whose hand: a user of the same school. Leave out for the signed-in user's own. */
  userId?: string;
  /** The person's name, for the image's text alternative. */
  name?: string;
  /** Width and height in px. */
  size?: number;
  /** A decorative image (its meaning is already written beside it) gets an empty alt. */
  decorative?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * A user's saved hand avatar (docs/rules/recognition.md#hand-avatar: the dashboard, and beside senders in reports), or
 * the placeholder hand while none is saved. It never loads three.js.
 */
export function HandImage({ userId, name, size = 96, decorative = false, sx }: HandImageProps) {
  const { t } = useTranslation('recognition');
  const mine = useMyAvatar(!userId);
  const theirs = useUserAvatar(userId);
  const url = userId ? theirs.data : mine.data?.imageUrl;
  const alt = decorative ? '' : userId ? t('hand.imageAlt', { name: name ?? '' }) : t('hand.myImageAlt');
  if (url)
    return (
      <Box component="img" src={url} alt={alt} width={size} height={size} sx={{ width: size, height: size, objectFit: 'contain', display: 'block', ...sx }} />
    );
  return <PlaceholderHand size={size} label={decorative ? undefined : t('hand.placeholderAlt')} sx={sx} />;
}

/** The default hand: a friendly outline, drawn here so nothing is fetched. */
export function PlaceholderHand({ size, label, sx }: { size: number; label?: string; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 96 96"
      width={size}
      height={size}
      sx={{ display: 'block', flexShrink: 0, ...sx }}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <circle cx="48" cy="48" r="46" fill="#ede7f6" />
      <g fill="#d1c4e9" stroke="#6a1b9a" strokeWidth="2.5" strokeLinejoin="round">
        <rect x="28" y="42" width="40" height="34" rx="14" />
        <rect x="29" y="20" width="9" height="30" rx="4.5" />
        <rect x="39.5" y="14" width="9" height="34" rx="4.5" />
        <rect x="50" y="17" width="9" height="32" rx="4.5" />
        <rect x="60" y="25" width="8" height="26" rx="4" />
        <rect x="62" y="50" width="9" height="22" rx="4.5" transform="rotate(-35 66 61)" />
        <rect x="36" y="76" width="24" height="12" rx="3" />
      </g>
    </Box>
  );
}
