import { formatDate, type UserKindReport, type UserReportItem } from '@high5/contract';
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box, ButtonBase, Dialog, DialogContent, DialogTitle, IconButton, Paper, Skeleton, Tab, Tabs, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CategoryTileTooltip, shortLabel } from '../../../components/give';
import { ReceivedItemsTable } from '../../../components/received-items-table';
import type { DateRange } from '../../../components/ui/date-range-picker';
import { useErrorText } from '../../../lib/use-error-text';
import { useUserReport } from './api';

type Kind = 'high5' | 'vibe';

/**
 * The Reports dialog of the group report (docs/rules/administration.md#group-report): a High 5 tab and a Positive
 * Vibe tab, each with category tiles (names cut at 15 characters) and the received items. A
 * tile opens the items of its category, even when it counts zero.
 */
export function UserReportsDialog({ userId, name, range, onClose }: { userId: string; name: string; range: DateRange; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [tab, setTab] = useState<Kind>('high5');
  const [category, setCategory] = useState<string | null>(null);
  const report = useUserReport(userId, range);
  const data = report.data?.[tab];
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="lg" fullScreen={fullScreen}>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {t('userReports.title')}
        <Typography component="span" variant="body1" color="text.secondary" sx={{ display: 'block' }}>
          {name} · {formatDate(range.from, i18n.language)} – {formatDate(range.to, i18n.language)}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('actions.close')} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <Tabs
        value={tab}
        onChange={(_e, v: Kind) => setTab(v)}
        aria-label={t('userReports.tabsLabel')}
        variant="fullWidth"
        sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          sx={{ textTransform: 'none', fontWeight: 700 }}
          value="high5"
          label={t('userReports.high5Tab')}
          id={`${titleId}-high5`}
          aria-controls={`${titleId}-panel`}
        />
        <Tab
          sx={{ textTransform: 'none', fontWeight: 700 }}
          value="vibe"
          label={t('userReports.vibeTab')}
          id={`${titleId}-vibe`}
          aria-controls={`${titleId}-panel`}
        />
      </Tabs>
      <DialogContent id={`${titleId}-panel`} role="tabpanel" aria-labelledby={`${titleId}-${tab}`} sx={{ pt: 2.5 }}>
        {report.isError ? (
          <Alert severity="error">{errorText(report.error)}</Alert>
        ) : !data ? (
          <Skeleton variant="rounded" height={280} />
        ) : (
          <KindReport data={data} kind={tab} onCategory={setCategory} />
        )}
      </DialogContent>
      {data && category && <CategoryItemsDialog data={data} kind={tab} categoryId={category} onClose={() => setCategory(null)} />}
    </Dialog>
  );
}

function useCategoryNames(data: UserKindReport) {
  const { i18n } = useTranslation();
  const spanish = i18n.language.startsWith('es');
  return useMemo(() => new Map(data.categories.map((c) => [c.id, spanish ? c.nameEs : c.nameEn])), [data.categories, spanish]);
}

function KindReport({ data, kind, onCategory }: { data: UserKindReport; kind: Kind; onCategory: (id: string) => void }) {
  const { t } = useTranslation('admin');
  const names = useCategoryNames(data);
  return (
    <>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('userReports.categories')}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          mb: 3,
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
          gap: 1.25,
        }}
      >
        {data.categories.map((c) => {
          const label = names.get(c.id) ?? '';
          return (
            <Box component="li" key={c.id} sx={{ minWidth: 0 }}>
              <Paper
                variant="outlined"
                sx={{ borderRadius: 3, height: '100%', borderColor: c.count > 0 ? (kind === 'high5' ? 'primary.light' : 'secondary.light') : 'divider' }}
              >
                <CategoryTileTooltip name={label}>
                  <ButtonBase
                    onClick={() => onCategory(c.id)}
                    aria-label={t('userReports.tile', { name: label, count: c.count })}
                    sx={{
                      width: '100%',
                      height: '100%',
                      p: 1.5,
                      display: 'flex',
                      flexDirection: 'column',
                      alignItems: 'flex-start',
                      gap: 0.5,
                      borderRadius: 3,
                      textAlign: 'left',
                      '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
                    }}
                  >
                    <Typography
                      sx={{
                        fontSize: 26,
                        fontWeight: 800,
                        lineHeight: 1,
                        color: c.count > 0 ? (kind === 'high5' ? 'primary.main' : 'secondary.main') : 'text.secondary',
                      }}
                    >
                      {c.count}
                    </Typography>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {shortLabel(label)}
                    </Typography>
                  </ButtonBase>
                </CategoryTileTooltip>
              </Paper>
            </Box>
          );
        })}
      </Box>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {t(kind === 'high5' ? 'userReports.high5Items' : 'userReports.vibeItems')}
      </Typography>
      <ItemsTable items={data.items} names={names} kind={kind} />
      {data.truncated && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('userReports.truncated', { count: data.items.length })}
        </Typography>
      )}
    </>
  );
}

function ItemsTable({ items, names, kind }: { items: UserReportItem[]; names: Map<string, string>; kind: Kind }) {
  const { t } = useTranslation('admin');
  const labels = {
    caption: t(kind === 'high5' ? 'userReports.high5Items' : 'userReports.vibeItems'),
    empty: t(kind === 'high5' ? 'userReports.noHigh5' : 'userReports.noVibe'),
    from: t('columns.fromName'),
    role: t('columns.fromRole'),
    date: t('columns.date'),
    comment: t('columns.comment'),
    noComment: t('userReports.noComment'),
    categories: t('columns.categories'),
  };
  return <ReceivedItemsTable items={items} names={names} labels={labels} />;
}

/** The items of one category; a category with no items still opens and says so. */
function CategoryItemsDialog({ data, kind, categoryId, onClose }: { data: UserKindReport; kind: Kind; categoryId: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const names = useCategoryNames(data);
  const items = data.items.filter((i) => i.categoryIds.includes(categoryId));
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle id={titleId} sx={{ pr: 7, overflowWrap: 'anywhere' }}>
        {names.get(categoryId)}
        <IconButton onClick={onClose} aria-label={t('actions.close')} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <ItemsTable items={items} names={names} kind={kind} />
      </DialogContent>
    </Dialog>
  );
}
