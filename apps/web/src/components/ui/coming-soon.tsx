import { Box, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { HighFiveMark } from './logo';
import { PageTitle } from './page-title';

/** A calm placeholder for a screen another part of the product has not delivered yet. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Box>
      <PageTitle>{title}</PageTitle>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center', borderStyle: 'dashed', borderRadius: 4, bgcolor: 'background.paper' }}>
        <HighFiveMark size={72} sx={{ mx: 'auto', mb: 2, opacity: 0.9 }} />
        <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
          {t('comingSoon')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 420, mx: 'auto' }}>
          {t('comingSoonBody')}
        </Typography>
      </Paper>
    </Box>
  );
}
