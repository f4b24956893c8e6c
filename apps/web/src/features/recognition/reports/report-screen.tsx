import { monthRange, schoolYearMonths, type ReceivedReport, type RecognitionKind } from '@high5/contract';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import { Alert, Box, Button, ButtonBase, LinearProgress, Paper, Skeleton, ToggleButton, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CategoryTileTooltip, shortLabel } from '../../../components/give';
import { ReceivedItemsTable } from '../../../components/received-items-table';
import { initialTableState, type TableState } from '../../../components/ui/data-table';
import { PageTitle } from '../../../components/ui/page-title';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { useReceivedReport } from './api';
import { CategoryDialog } from './category-dialog';
import { monthAndYear, monthName, parseMonth } from './months';

/**
 * The received report (docs/rules/recognition.md#received-reports: /highfivereport and /positivevibereport): a month of the
 * school year (AUG to JUL; this month unless one is passed in the address, as the
 * dashboard does), the category tiles with counts, a dialog per category, and the table,
 * which the server searches, sorts and pages (decision 0452).
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
  const [table, setTable] = useState<TableState>(() => ({ ...initialTableState('date'), dir: 'desc' }));
  const report = useReceivedReport(kind, rangeParam, table, language);
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
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void report.refetch()}>
              {t('give.retry')}
            </Button>
          }
        >
          {errorText(report.error)}
        </Alert>
      ) : (
        <>
          <MonthPicker
            today={data?.today ?? null}
            month={month}
            onPick={(m) => {
              setSearch({ month: m }, { replace: true });
              setTable((state) => ({ ...state, page: 0 }));
            }}
          />
          <Box sx={{ height: 4, my: 1 }}>{report.isFetching && <LinearProgress aria-label={t('report.loading')} />}</Box>
          {data && month ? (
            <ReportBody data={data} month={month} kind={kind} table={table} onTable={setTable} onCategory={setOpenCategory} />
          ) : (
            <Skeleton variant="rounded" height={320} />
          )}
          {data && month && openCategory && (
            <CategoryDialog report={data} month={month} categoryId={openCategory} language={language} onClose={() => setOpenCategory(null)} />
          )}
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
    <Box
      role="group"
      aria-label={t('report.monthsLabel')}
      sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(6, 1fr)', md: 'repeat(12, 1fr)' }, gap: 0.75 }}
    >
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
              sx={{
                fontWeight: 700,
                textTransform: 'uppercase',
                borderRadius: 2,
                py: 1,
                '&.Mui-selected': { bgcolor: 'primary.main', color: 'primary.contrastText', '&:hover': { bgcolor: 'primary.dark' } },
              }}
            >
              {monthName(m.month, i18n.language)}
            </ToggleButton>
          ))}
    </Box>
  );
}

interface BodyProps {
  data: ReceivedReport;
  month: string;
  kind: RecognitionKind;
  table: TableState;
  onTable: (state: TableState) => void;
  onCategory: (id: string) => void;
}

function ReportBody({ data, month, kind, table, onTable, onCategory }: BodyProps) {
  const { t, i18n } = useTranslation('recognition');
  const names = useMemo(() => new Map(data.categories.map((c) => [c.id, c.name])), [data.categories]);
  const monthText = monthAndYear(month, i18n.language);
  return (
    <>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mt: 2, mb: 1.5 }}>
        {t('report.categories')}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, minmax(0, 1fr))',
            md: 'repeat(4, minmax(0, 1fr))',
            xl: 'repeat(6, minmax(0, 1fr))',
          },
          gap: 1.5,
        }}
      >
        {data.categories.map((c) => (
          <Box component="li" key={c.id} sx={{ minWidth: 0 }}>
            <Paper
              variant="outlined"
              sx={{ borderRadius: 3, height: '100%', borderColor: c.count > 0 ? (kind === 'high5' ? 'primary.light' : 'secondary.light') : 'divider' }}
            >
              <CategoryTileTooltip name={c.name}>
                <ButtonBase
                  onClick={() => onCategory(c.id)}
                  aria-label={t('report.tile', { name: c.name, count: c.count })}
                  sx={{
                    width: '100%',
                    height: '100%',
                    p: 1.75,
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: 'flex-start',
                    justifyContent: 'flex-start',
                    gap: 0.5,
                    borderRadius: 3,
                    textAlign: 'left',
                    '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
                  }}
                >
                  <Typography
                    sx={{
                      fontSize: 30,
                      fontWeight: 800,
                      lineHeight: 1,
                      color: c.count > 0 ? (kind === 'high5' ? 'primary.main' : 'secondary.main') : 'text.secondary',
                    }}
                  >
                    {c.count}
                  </Typography>
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
      <ItemsTable data={data} kind={kind} names={names} month={monthText} table={table} onTable={onTable} />
    </>
  );
}

/** The report's columns (docs/rules/recognition.md#received-reports): from_name, from_role, Date, comment, and the categories; one page of the month's items. */
function ItemsTable({
  data,
  kind,
  names,
  month,
  table,
  onTable,
}: {
  data: ReceivedReport;
  kind: RecognitionKind;
  names: Map<string, string>;
  month: string;
  table: TableState;
  onTable: (state: TableState) => void;
}) {
  const { t } = useTranslation('recognition');
  const labels = {
    caption: t('report.tableTitle', { month }),
    empty: t('report.empty', { month }),
    noMatch: (search: string) => t('report.noMatch', { month, search }),
    from: t('report.columns.fromName'),
    role: t('report.columns.fromRole'),
    date: t('report.columns.date'),
    comment: t('report.columns.comment'),
    noComment: t('report.noComment'),
    categories: t(kind === 'high5' ? 'report.columns.high5Options' : 'report.columns.vibeOptions'),
  };
  return <ReceivedItemsTable items={data.items} names={names} labels={labels} server={{ total: data.total, state: table, onStateChange: onTable }} />;
}
