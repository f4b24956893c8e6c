import { Box, Chip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useHigh5Count } from './api';

/**
 * Copyright and the total High 5 counter, refreshed every 120000 ms (docs/rules/shell.md#notices-and-the-footer-count).
 * Under the idle lock the footer is not rendered, so a locked screen lets the server session expire.
 */
export function Footer() {
  const { t, i18n } = useTranslation();
  const count = useHigh5Count();
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        alignItems: 'center',
        justifyContent: 'space-between',
        px: 2,
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {t('footer.copyright')}
      </Typography>
      {count.data && (
        <Chip
          color="primary"
          data-testid="high5-count"
          aria-label={t('footer.high5CountLabel')}
          label={t('footer.high5Count', { value: new Intl.NumberFormat(i18n.language).format(count.data.high5sCount) })}
        />
      )}
    </Box>
  );
}
