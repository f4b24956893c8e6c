import { Box, Typography, type SxProps, type Theme } from '@mui/material';

/**
 * The High5 mark: an open hand raised for a high five, on a purple disc. Drawn here so
 * nothing is fetched from another site. Decorative unless `title` is given.
 */
export function HighFiveMark({ size = 40, title, sx }: { size?: number; title?: string; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
      sx={{ flexShrink: 0, display: 'block', ...sx }}
    >
      <circle cx="32" cy="32" r="31" fill="#6a1b9a" />
      <circle cx="32" cy="32" r="31" fill="url(#high5-shine)" />
      <defs>
        <radialGradient id="high5-shine" cx="30%" cy="25%" r="80%">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.22" />
          <stop offset="1" stopColor="#ffffff" stopOpacity="0" />
        </radialGradient>
      </defs>
      {/* motion lines */}
      <g stroke="#ffd54f" strokeWidth="2.6" strokeLinecap="round" fill="none">
        <path d="M16.5 10.5 l2.6 3.6" />
        <path d="M49.5 10.5 l-2.6 3.6" />
        <path d="M55 18.5 l-4 1.6" />
      </g>
      {/* the hand */}
      <g fill="#ffffff">
        <rect x="20.5" y="17" width="6.4" height="22" rx="3.2" />
        <rect x="27.6" y="12" width="6.4" height="26" rx="3.2" />
        <rect x="34.7" y="14" width="6.4" height="24" rx="3.2" />
        <rect x="41.8" y="20" width="5.8" height="19" rx="2.9" />
        <rect x="14.3" y="30" width="6.4" height="16" rx="3.2" transform="rotate(-37 17.5 38)" />
        <path d="M20.5 32 h27.1 v6 c0 8.5-6 14-13.6 14 c-7.4 0-13.5-5.6-13.5-13.6 z" />
      </g>
    </Box>
  );
}

/** The mark with the "High5" word beside it. */
export function Logo({ size = 40, sx }: { size?: number; sx?: SxProps<Theme> }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, ...sx }}>
      <HighFiveMark size={size} />
      <Typography component="span" sx={{ fontWeight: 800, fontSize: size * 0.6, letterSpacing: '-0.02em', color: 'primary.main', lineHeight: 1 }}>
        High
        <Box component="span" sx={{ color: 'secondary.main' }}>
          5
        </Box>
      </Typography>
    </Box>
  );
}
