import { formatDate, type ReceivedReport } from '@high5/contract';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, List, ListItem, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PlaceholderHand } from '../avatar/hand-image';
import { monthAndYear } from './months';

/** One category's received items in the month: who sent it, when, the comment and the sender's hand. */
export function CategoryDialog({ report, month, categoryId, onClose }: { report: ReceivedReport; month: string; categoryId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('recognition');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const category = report.categories.find((c) => c.id === categoryId);
  const items = report.items.filter((item) => item.categoryIds.includes(categoryId));
  const monthText = monthAndYear(month, i18n.language);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle id={titleId} sx={{ pr: 7, overflowWrap: 'anywhere' }}>
        {t('report.dialogTitle', { name: category?.name ?? '', month: monthText })}
        <IconButton aria-label={t('report.close')} onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {items.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {t('report.dialogEmpty', { month: monthText })}
          </Typography>
        ) : (
          <List disablePadding>
            {items.map((item) => (
              <ListItem key={item.id} disableGutters divider alignItems="flex-start" sx={{ gap: 2, py: 1.5 }}>
                {item.fromHandImageUrl ? (
                  <Box component="img" src={item.fromHandImageUrl} alt={t('report.handOf', { name: item.fromName })} sx={{ width: 56, height: 56, objectFit: 'contain', flexShrink: 0 }} />
                ) : (
                  <PlaceholderHand size={56} label={t('report.placeholderOf', { name: item.fromName })} />
                )}
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', columnGap: 1 }}>
                    <Typography sx={{ fontWeight: 700 }}>
                      {item.fromName}{' '}
                      <Typography component="span" variant="body2" color="text.secondary">
                        · {t(`roles.${item.fromRole}`)}
                      </Typography>
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {formatDate(item.date, i18n.language)}
                    </Typography>
                  </Box>
                  <Typography sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} color={item.comment ? 'text.primary' : 'text.secondary'}>
                    {item.comment || t('report.noComment')}
                  </Typography>
                </Box>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>{t('report.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
