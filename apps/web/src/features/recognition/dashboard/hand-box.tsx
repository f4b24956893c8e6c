import { Box, Button, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { HandImage } from '../avatar/hand-image';

/** The 'get handy' box: the user's hand (or the placeholder) and the button that opens the builder. */
export function HandBox({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation('recognition');
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 2.5,
        borderRadius: 3,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        minHeight: 176,
        height: '100%',
        background: 'linear-gradient(160deg, #fff 55%, #fff3e0)',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.25, pt: 0.5 }}>
          {t('dashboard.getHandy.title')}
        </Typography>
        <HandImage size={64} sx={{ flexShrink: 0 }} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
        {t('dashboard.getHandy.text')}
      </Typography>
      <Button variant="outlined" size="small" onClick={onOpen} sx={{ alignSelf: 'flex-start' }}>
        {t('dashboard.getHandy.open')}
      </Button>
    </Paper>
  );
}
