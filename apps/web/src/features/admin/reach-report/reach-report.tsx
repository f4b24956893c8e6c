import type { GiverRow, ReachGroup, ReachReport as Report } from '@high5/contract';
import { Box, Paper, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../components/form/contract-form';
import { FormDateRange } from '../../../components/form/form-date-range';
import { DataTable } from '../../../components/ui/data-table';
import type { DateRange } from '../../../components/ui/date-range-picker';
import { showDate } from '../../../lib/dates';
import { ReportFilterBar, ReportOutcome } from '../components/report-filters';
import { defaultRange, todayIso } from '../lib/dates';
import { countColumn, csvColumnsOf, downloadReport, type ReportColumn } from '../lib/report-csv';
import { reachReportForm } from '../lib/report-forms';
import { useGiversReport, useReachReport } from './api';

/** A school year by default: reach is a long-run picture. */
const DEFAULT_DAYS = 364;

interface Line {
  id: string;
  kind: string;
  name: string;
  group: ReachGroup;
}

/**
 * The reach report (docs/decisions/0567): the share of students who received at least one High 5
 * in the range, for the school, each grade, each class and each flag against everyone else, with
 * groups under the minimum withheld; then the givers (distinct students per adult). CSV for both.
 */
export function ReachReport() {
  const { t } = useTranslation('admin');
  const form = useContractForm(reachReportForm, { mode: 'onChange', defaultValues: { range: defaultRange(DEFAULT_DAYS) } });
  const [submitted, setSubmitted] = useState<DateRange>(() => form.getValues('range'));
  const reach = useReachReport(submitted);
  const givers = useGiversReport(submitted);
  const data = reach.data;

  const withheld = t('reach.withheld');
  const number = (v: number | null) => (v === null ? withheld : String(v));
  const percent = (v: number | null) => (v === null ? withheld : t('reach.percent', { value: v }));
  const lines: Line[] = data ? linesOf(t, data) : [];
  const columns: ReportColumn<Line>[] = [
    { id: 'name', header: t('reach.columns.group'), cell: (r) => r.name, value: (r) => r.name, wide: true },
    { id: 'kind', header: t('reach.columns.kind'), cell: (r) => r.kind, value: (r) => r.kind },
    {
      id: 'students',
      header: t('reach.columns.students'),
      cell: (r) => number(r.group.students),
      value: (r) => r.group.students ?? -1,
      csv: (r) => r.group.students ?? withheld,
      numeric: true,
    },
    {
      id: 'reached',
      header: t('reach.columns.reached'),
      cell: (r) => number(r.group.reached),
      value: (r) => r.group.reached ?? -1,
      csv: (r) => r.group.reached ?? withheld,
      numeric: true,
    },
    {
      id: 'percent',
      header: t('reach.columns.percent'),
      cell: (r) => percent(r.group.percent),
      value: (r) => r.group.percent ?? -1,
      csv: (r) => r.group.percent ?? withheld,
      numeric: true,
    },
  ];
  const giverColumns: ReportColumn<GiverRow>[] = [
    { id: 'name', header: t('columns.name'), cell: (r) => r.name, value: (r) => r.name, wide: true },
    { id: 'role', header: t('reach.columns.role'), cell: (r) => t(`reach.roles.${r.role}`), value: (r) => r.role },
    countColumn<GiverRow>('students', t('reach.columns.studentsRecognised'), (r) => r.students),
    countColumn<GiverRow>('high5s', t('reach.columns.high5s'), (r) => r.high5s),
  ];

  return (
    <Box>
      <ReportFilterBar form={form} label={t('reach.formLabel')} onRun={(values) => setSubmitted(values.range)}>
        <FormDateRange control={form.control} name="range" maxDate={todayIso()} />
      </ReportFilterBar>
      <ReportOutcome report={reach}>
        {data ? (
          <>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('reach.intro', { from: showDate(data.from), to: showDate(data.to) })}
            </Typography>
            <Flags data={data} percent={percent} />
            <ReachChart lines={lines} title={t('reach.chartTitle')} percent={percent} />
            {data.suppressed > 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="reach-suppressed">
                {t('reach.suppressedNote', { count: data.suppressed, minimum: data.minimumGroup })}
              </Typography>
            )}
            <DataTable
              rows={lines}
              rowKey={(r) => r.id}
              caption={t('reach.tableCaption')}
              empty={t('reach.empty')}
              searchLabel={t('reach.search')}
              initialSort={{ sort: 'kind', dir: 'asc' }}
              onDownload={() =>
                downloadReport(t, {
                  title: t('dashboard.views.reach'),
                  nameParts: [],
                  range: submitted,
                  filters: [],
                  columns: csvColumnsOf(columns),
                  rows: lines,
                })
              }
              downloadLabel={t('reach.export')}
              columns={columns}
            />
          </>
        ) : null}
      </ReportOutcome>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mt: 4, mb: 0.5 }}>
        {t('reach.giversTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('reach.giversIntro')}
      </Typography>
      <ReportOutcome report={givers}>
        {givers.data ? (
          <DataTable
            rows={givers.data.rows}
            rowKey={(r) => r.userId}
            caption={t('reach.giversTitle')}
            empty={t('reach.giversEmpty')}
            searchLabel={t('reach.giversSearch')}
            initialSort={{ sort: 'students', dir: 'desc' }}
            onDownload={() =>
              downloadReport(t, {
                title: t('reach.giversTitle'),
                nameParts: [],
                range: submitted,
                filters: [],
                columns: csvColumnsOf(giverColumns),
                rows: givers.data!.rows,
              })
            }
            downloadLabel={t('reach.giversExport')}
            columns={giverColumns}
          />
        ) : null}
      </ReportOutcome>
    </Box>
  );
}

function linesOf(t: (key: string, options?: Record<string, unknown>) => string, data: Report): Line[] {
  const flag = (name: string) => t(`reach.flags.${name}`);
  return [
    { id: 'school', kind: t('reach.kinds.school'), name: t('reach.wholeSchool'), group: data.school },
    ...data.grades.map((g) => ({
      id: `grade-${g.key}`,
      kind: t('reach.kinds.grade'),
      name: g.key === '' ? t('reach.noGrade') : t('reach.grade', { grade: g.key }),
      group: g,
    })),
    ...data.flags.flatMap((f) => [
      { id: `${f.flag}-with`, kind: t('reach.kinds.flag'), name: flag(f.flag), group: f.with },
      { id: `${f.flag}-without`, kind: t('reach.kinds.flag'), name: t('reach.without', { flag: flag(f.flag) }), group: f.without },
    ]),
    ...data.classes.map((c) => ({ id: `class-${c.key}`, kind: t('reach.kinds.class'), name: c.label, group: c })),
  ];
}

/** Each flag against everyone else, the difference in plain words. */
function Flags({ data, percent }: { data: Report; percent: (v: number | null) => string }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('reach.flagsTitle', { percent: percent(data.school.percent) })}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 1.5 }}>
        {data.flags.map((f) => (
          <Paper key={f.flag} variant="outlined" sx={{ p: 1.5 }} data-testid={`reach-flag-${f.flag}`}>
            <Typography component="h3" sx={{ fontWeight: 700 }}>
              {t(`reach.flags.${f.flag}`)}
            </Typography>
            <Typography variant="body2">{t('reach.flagWith', { percent: percent(f.with.percent) })}</Typography>
            <Typography variant="body2">{t('reach.flagWithout', { percent: percent(f.without.percent) })}</Typography>
            <Typography variant="body2" sx={{ fontWeight: 700, mt: 0.5 }}>
              {f.difference === null
                ? t('reach.differenceWithheld')
                : f.difference === 0
                  ? t('reach.differenceNone')
                  : t(f.difference > 0 ? 'reach.differenceMore' : 'reach.differenceLess', { points: Math.abs(f.difference) })}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}

/** A bar per shown group (the table holds the same numbers, for screen readers and the CSV). */
function ReachChart({ lines, title, percent }: { lines: Line[]; title: string; percent: (v: number | null) => string }) {
  const headingId = useId();
  const shown = lines.filter((l) => l.group.percent !== null);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 2 }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
        {shown.map((l) => (
          <Box
            component="li"
            key={l.id}
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 240px) 1fr' }, gap: { xs: 0.25, sm: 1.5 }, alignItems: 'center' }}
          >
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {l.name}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Box aria-hidden sx={{ flex: 1, height: 14, borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden' }}>
                <Box sx={{ width: `${l.group.percent}%`, height: '100%', bgcolor: 'primary.main' }} />
              </Box>
              <Typography variant="body2" sx={{ minWidth: 56, textAlign: 'right', fontWeight: 700 }}>
                {percent(l.group.percent)}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
