import { Box, type SxProps, type Theme } from '@mui/material';

/**
 * The file of an emoji in `public/emoji/` (Twemoji's names: the code points in lower-case
 * hex joined by `-`, without the U+FE0F selector unless the emoji joins several).
 */
export function emojiSrc(char: string): string {
  const points = [...char].map((c) => c.codePointAt(0)!.toString(16));
  return `/emoji/${(char.includes('\u200d') ? points : points.filter((p) => p !== 'fe0f')).join('-')}.svg`;
}

/**
 * An emoji drawn from High5's own copy of the Twemoji graphics (decision 0307), so that a
 * device without a colour emoji font still shows the face, not an empty box. `alt` names it
 * for screen readers; leave it empty ('') where the words beside it already say it.
 */
export function Emoji({ char, size, alt, sx }: { char: string; size: number | string; alt: string; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="img"
      src={emojiSrc(char)}
      alt={alt}
      draggable={false}
      sx={[{ width: size, height: size, display: 'inline-block', verticalAlign: 'middle', flexShrink: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
