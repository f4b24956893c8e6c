import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, IconButton, useMediaQuery } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/give/labels';

/**
 * How many boxes show at once, by window width (docs/rules/recognition.md#dashboard; docs/decisions/0077):
 * above 1366 px every box in one row; 1100-1366 a carousel of 4; 900-1100 of 3;
 * 700-900 of 2; below 700 of 1.
 */
export function useBoxesPerView(total: number): number {
  const wide = useMediaQuery('(min-width:1367px)', { noSsr: true });
  const four = useMediaQuery('(min-width:1100px)', { noSsr: true });
  const three = useMediaQuery('(min-width:900px)', { noSsr: true });
  const two = useMediaQuery('(min-width:700px)', { noSsr: true });
  if (wide) return total;
  if (four) return 4;
  if (three) return 3;
  if (two) return 2;
  return 1;
}

/** The dashboard's boxes: a row when they all fit, else a carousel with previous and next buttons. */
export function BoxCarousel({ label, children }: { label: string; children: ReactNode[] }) {
  const { t } = useTranslation('recognition');
  const total = children.length;
  const perView = Math.min(useBoxesPerView(total), total);
  const [start, setStart] = useState(0);
  const last = Math.max(0, total - perView);
  useEffect(() => setStart((s) => Math.min(s, last)), [last]);
  const carousel = perView < total;
  const visible = children.slice(start, start + perView);
  return (
    <Box
      component="section"
      aria-label={label}
      aria-roledescription={carousel ? 'carousel' : undefined}
      sx={{ display: 'flex', alignItems: 'stretch', gap: 1 }}
    >
      {carousel && (
        <IconButton
          aria-label={t('dashboard.previous')}
          onClick={() => setStart((s) => Math.max(0, s - 1))}
          disabled={start === 0}
          sx={{ alignSelf: 'center' }}
        >
          <ChevronLeftIcon />
        </IconButton>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gridTemplateColumns: `repeat(${perView}, minmax(0, 1fr))`, gap: 2 }}>{visible}</Box>
      {carousel && (
        <IconButton
          aria-label={t('dashboard.next')}
          onClick={() => setStart((s) => Math.min(last, s + 1))}
          disabled={start >= last}
          sx={{ alignSelf: 'center' }}
        >
          <ChevronRightIcon />
        </IconButton>
      )}
      {carousel && (
        <Box sx={visuallyHidden} aria-live="polite">
          {t('dashboard.position', { from: start + 1, to: start + perView, count: total })}
        </Box>
      )}
    </Box>
  );
}
