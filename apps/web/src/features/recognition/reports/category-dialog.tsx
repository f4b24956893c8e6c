import { formatDate, type Language, type ReceivedItem, type ReceivedReport } from '@high5/contract';
import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  Skeleton,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/use-error-text';
import { PlaceholderHand } from '../avatar/hand-image';
import { useCategoryItems } from './api';
import { monthAndYear } from './months';

/**
 * One category's received items in the month: who sent it, when, the comment and the sender's
 * hand, newest first. The dialog asks the server for that category's items a page at a time and
 * offers "Show more" until it has them all (decision 0452).
 */
export function CategoryDialog({
  report,
  month,
  categoryId,
  language,
  onClose,
}: {
  report: ReceivedReport;
  month: string;
  categoryId: string;
  language: Language;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('recognition');
  const errorText = useErrorText('recognition');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const category = report.categories.find((c) => c.id === categoryId);
  const list = useCategoryItems(report.kind, `${report.range.from}_${report.range.to}`, categoryId, language);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages.at(-1)?.total ?? 0;
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
        {list.isError && !list.data ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={() => void list.refetch()}>
                {t('give.retry')}
              </Button>
            }
          >
            {errorText(list.error)}
          </Alert>
        ) : !list.data ? (
          <Box role="status" aria-busy="true" aria-label={t('report.loading')}>
            {Array.from({ length: Math.min(category?.count ?? 3, 3) || 1 }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={64} sx={{ my: 1.5 }} />
            ))}
          </Box>
        ) : items.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {t('report.dialogEmpty', { month: monthText })}
          </Typography>
        ) : (
          <>
            <List disablePadding>
              {items.map((item) => (
                <Item key={item.id} item={item} />
              ))}
            </List>
            {list.isFetchNextPageError && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {errorText(list.error)}
              </Alert>
            )}
            {list.hasNextPage && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 2 }}>
                <Typography variant="body2" color="text.secondary">
                  {t('report.dialogShown', { shown: items.length, total })}
                </Typography>
                <Button variant="outlined" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                  {t('report.showMore')}
                </Button>
              </Box>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>{t('report.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function Item({ item }: { item: ReceivedItem }) {
  const { t, i18n } = useTranslation('recognition');
  return (
    <ListItem disableGutters divider alignItems="flex-start" sx={{ gap: 2, py: 1.5 }}>
      {item.fromHandImageUrl ? (
        <Box
          component="img"
          src={item.fromHandImageUrl}
          alt={t('report.handOf', { name: item.fromName })}
          sx={{ width: 56, height: 56, objectFit: 'contain', flexShrink: 0 }}
        />
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
  );
}
