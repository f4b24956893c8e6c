import { monthRange, recognitionApi, schoolYearMonths, type ReceivedItem, type ReceivedReport, type RecognitionKind } from '@high5/contract';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import { Alert, Box, Button, ButtonBase, LinearProgress, Paper, Skeleton, ToggleButton, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CategoryTileTooltip, recognitionKeys, shortLabel } from '../../../components/give';
import { ReceivedItemsTable } from '../../../components/received-items-table';
import { PageTitle } from '../../../components/ui/page-title';
import { ApiError, api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { CategoryDialog } from './category-dialog';
import { monthAndYear, monthName, parseMonth } from './months';

/**
 * The received report (spec 001: /highfivereport and /positivevibereport): a month of the
 * school year (AUG to JUL; this month unless one is passed in the address, as the
 * dashboard does), the category tiles with counts, a dialog per category, and the table.
 */
export function ReportScreen({ kind }: { kind: RecognitionKind }) {
  const { t, i18n } = useTranslation('recognition');
  const errorText = useErrorText('recognition');
  const language = i18n.language.startsWith('es') ? 'es' : 'en';
  const [search, setSearch] = useSearchParams();
  const asked = parseMonth(search.get('month'));
  const range = asked ? monthRange(asked) : null;
  const rangeParam = range ? `${range.from}_${range.to}` : '';
  const [openCategory, setOpenCategory] = useState<string | null>(null);

  const report = useQuery({
    queryKey: recognitionKeys.received(kind, rangeParam, '', language),
    queryFn: () => api(recognitionApi.received, { query: { kind, language, ...(rangeParam ? { range: rangeParam } : {}) } }),
    placeholderData: keepPreviousData,
  });
  const data = report.data;
  const month = asked ?? data?.range.from.slice(0, 7) ?? null;
  const title = t(kind === 'high5' ? 'report.high5Title' : 'report.vibeTitle');

  const hidden = report.error instanceof ApiError && report.error.code === 'RECEIVED_HIDDEN';
  return (
    <Box>
      <PageTitle>{title}</PageTitle>
      {hidden ? (
        <Alert severity="info" icon={<FlagOutlinedIcon />}>
          {t('errors.RECEIVED_HIDDEN')}
        </Alert>
      ) : report.isError && !data ? (
        <Alert severity="error" action={<Button color="inherit" onClick={() => void report.refetch()}>{t('give.retry')}</Button>}>
          {errorText(report.error)}
        </Alert>
      ) : (
        <>
          <MonthPicker today={data?.today ?? null} month={month} onPick={(m) => setSearch({ month: m }, { replace: true })} />
          <Box sx={{ height: 4, my: 1 }}>{report.isFetching && <LinearProgress aria-label={t('report.loading')} />}</Box>
          {data && month ? <ReportBody data={data} month={month} kind={kind} onCategory={setOpenCategory} /> : <Skeleton variant="rounded" height={320} />}
          {data && month && openCategory && <CategoryDialog report={data} month={month} categoryId={openCategory} onClose={() => setOpenCategory(null)} />}
        </>
      )}
    </Box>
  );
}

/** AUG to JUL of the school year around `month`; months after today are not there yet. */
function MonthPicker({ today, month, onPick }: { today: string | null; month: string | null; onPick: (month: string) => void }) {
  const { t, i18n } = useTranslation('recognition');
  const months = useMemo(() => (month ? schoolYearMonths(`${month}-01`) : today ? schoolYearMonths(today) : []), [month, today]);
  const current = today?.slice(0, 7) ?? '9999-12';
  return (
    <Box role="group" aria-label={t('report.monthsLabel')} sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(6, 1fr)', md: 'repeat(12, 1fr)' }, gap: 0.75 }}>
      {months.length === 0
        ? Array.from({ length: 12 }, (_, i) => <Skeleton key={i} variant="rounded" height={40} />)
        : months.map((m) => (
            <ToggleButton
              key={m.month}
              value={m.month}
              selected={m.month === month}
              disabled={m.month > current}
              onChange={() => onPick(m.month)}
              aria-label={monthAndYear(m.month, i18n.language)}
              size="small"
              color="primary"
              sx={{ fontWeight: 700, textTransform: 'uppercase', borderRadius: 2, py: 1, '&.Mui-selected': { bgcolor: 'primary.main', color: 'primary.contrastText', '&:hover': { bgcolor: 'primary.dark' } } }}
            >
              {monthName(m.month, i18n.language)}
            </ToggleButton>
          ))}
    </Box>
  );
}

function ReportBody({ data, month, kind, onCategory }: { data: ReceivedReport; month: string; kind: RecognitionKind; onCategory: (id: string) => void }) {
  const { t, i18n } = useTranslation('recognition');
  const names = useMemo(() => new Map(data.categories.map((c) => [c.id, c.name])), [data.categories]);
  const monthText = monthAndYear(month, i18n.language);
  return (
    <>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mt: 2, mb: 1.5 }}>
        {t('report.categories')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))', xl: 'repeat(6, minmax(0, 1fr))' }, gap: 1.5 }}>
        {data.categories.map((c) => (
          <Box component="li" key={c.id} sx={{ minWidth: 0 }}>
            <Paper variant="outlined" sx={{ borderRadius: 3, height: '100%', borderColor: c.count > 0 ? (kind === 'high5' ? 'primary.light' : 'secondary.light') : 'divider' }}>
              <CategoryTileTooltip name={c.name}>
                <ButtonBase
                  onClick={() => onCategory(c.id)}
                  aria-label={t('report.tile', { name: c.name, count: c.count })}
                  sx={{ width: '100%', height: '100%', p: 1.75, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', justifyContent: 'flex-start', gap: 0.5, borderRadius: 3, textAlign: 'left', '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' } }}
                >
                  <Typography sx={{ fontSize: 30, fontWeight: 800, lineHeight: 1, color: c.count > 0 ? (kind === 'high5' ? 'primary.main' : 'secondary.main') : 'text.secondary' }}>{c.count}</Typography>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {shortLabel(c.name)}
                  </Typography>
                </ButtonBase>
              </CategoryTileTooltip>
            </Paper>
          </Box>
        ))}
      </Box>

      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mt: 4, mb: 1.5 }}>
        {t('report.tableTitle', { month: monthText })}
      </Typography>
      <ItemsTable items={data.items} kind={kind} names={names} month={monthText} />
      {data.truncated && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('report.truncated', { count: data.items.length })}
        </Typography>
      )}
    </>
  );
}

/** The spec's columns: from_name, from_role, Date, comment, and the categories. */
function ItemsTable({ items, kind, names, month }: { items: ReceivedItem[]; kind: RecognitionKind; names: Map<string, string>; month: string }) {
  const { t } = useTranslation('recognition');
  const labels = {
    caption: t('report.tableTitle', { month }),
    empty: t('report.empty', { month }),
    from: t('report.columns.fromName'),
    role: t('report.columns.fromRole'),
    date: t('report.columns.date'),
    comment: t('report.columns.comment'),
    noComment: t('report.noComment'),
    categories: t(kind === 'high5' ? 'report.columns.high5Options' : 'report.columns.vibeOptions'),
  };
  return <ReceivedItemsTable items={items} names={names} labels={labels} />;
}
