import type { AlertReportRow } from '@high5/contract';
import { Box, Paper, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../components/form/contract-form';
import { FormDateRange } from '../../../components/form/form-date-range';
import { DataTable } from '../../../components/ui/data-table';
import type { DateRange } from '../../../components/ui/date-range-picker';
import { showDate } from '../../../lib/dates';
import { useAlertReport } from './api';
import { defaultRange, todayIso } from '../lib/dates';
import { countColumn, csvColumnsOf, downloadReport, type ReportColumn } from '../lib/report-csv';
import { alertsReportForm } from '../lib/report-forms';
import { ReportFilterBar, ReportOutcome } from '../components/report-filters';

type Week = Omit<AlertReportRow, 'className'>;

/** Four weeks: the report is read week by week. */
const DEFAULT_DAYS = 27;

/**
 * The admins' alerts report (decisions 0423, 0462): alerts opened in a range, still open,
 * escalated, answered, and the median and worst minutes to the first acknowledgement: the school's
 * total, the school week by week, then each week by class. No student names. CSV with the one
 * report writer.
 */
export function AlertsReport() {
  const { t } = useTranslation('admin');
  const form = useContractForm(alertsReportForm, { mode: 'onChange', defaultValues: { range: defaultRange(DEFAULT_DAYS) } });
  const [submitted, setSubmitted] = useState<DateRange>(() => form.getValues('range'));
  const report = useAlertReport(submitted);

  const minutes = (value: number | null) => (value === null ? '—' : t('alertsReport.minutes', { count: value }));
  const counts: ReportColumn<Week>[] = [
    countColumn<Week>('alerts', t('alertsReport.alerts'), (r) => r.alerts),
    countColumn<Week>('open', t('alertsReport.open'), (r) => r.open),
    countColumn<Week>('escalated', t('alertsReport.escalated'), (r) => r.escalated),
    countColumn<Week>('acknowledged', t('alertsReport.acknowledged'), (r) => r.acknowledged),
    {
      id: 'median',
      header: t('alertsReport.median'),
      cell: (r) => minutes(r.medianAckMinutes),
      value: (r) => r.medianAckMinutes ?? -1,
      csv: (r) => r.medianAckMinutes ?? '',
      numeric: true,
    },
    {
      id: 'worst',
      header: t('alertsReport.worst'),
      cell: (r) => minutes(r.worstAckMinutes),
      value: (r) => r.worstAckMinutes ?? -1,
      csv: (r) => r.worstAckMinutes ?? '',
      numeric: true,
    },
  ];
  const week: ReportColumn<Week> = { id: 'week', header: t('alertsReport.week'), cell: (r) => showDate(r.week), value: (r) => r.week, csv: (r) => r.week };
  const className = (r: AlertReportRow) => r.className || t('alertsReport.noClass');
  const columns: ReportColumn<AlertReportRow>[] = [week, { id: 'className', header: t('alertsReport.class'), cell: className, value: className }, ...counts];
  const download = () => {
    if (!report.data) return;
    // The school's weeks first ("Whole school"), then each class's.
    const school = report.data.weeks.map((w) => ({ ...w, className: t('alertsReport.wholeSchool') }));
    downloadReport(t, {
      title: t('dashboard.views.alerts'),
      nameParts: [],
      range: submitted,
      filters: [],
      columns: csvColumnsOf(columns),
      rows: [...school, ...report.data.rows],
    });
  };
  const total = report.data?.total;

  return (
    <Box>
      <ReportFilterBar form={form} label={t('alertsReport.formLabel')} onRun={(values) => setSubmitted(values.range)}>
        <FormDateRange control={form.control} name="range" maxDate={todayIso()} />
      </ReportFilterBar>
      <ReportOutcome report={report}>
        {total ? (
          <>
            <Figures
              title={t('alertsReport.totalTitle', { from: showDate(submitted.from), to: showDate(submitted.to) })}
              cells={[
                ['alerts', t('alertsReport.alerts'), String(total.alerts)],
                ['open', t('alertsReport.open'), String(total.open)],
                ['escalated', t('alertsReport.escalated'), String(total.escalated)],
                ['median', t('alertsReport.median'), minutes(total.medianAckMinutes)],
                ['worst', t('alertsReport.worst'), minutes(total.worstAckMinutes)],
              ]}
            />
            <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
              {t('alertsReport.weeksCaption')}
            </Typography>
            <DataTable
              rows={report.data!.weeks}
              rowKey={(r) => r.week}
              caption={t('alertsReport.weeksCaption')}
              empty={t('alertsReport.empty')}
              searchLabel={t('alertsReport.searchWeeks')}
              initialSort={{ sort: 'week', dir: 'desc' }}
              columns={[week, ...counts]}
            />
            <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mt: 4, mb: 1 }}>
              {t('alertsReport.caption')}
            </Typography>
            <DataTable
              rows={report.data!.rows}
              rowKey={(r) => `${r.week}-${r.className}`}
              caption={t('alertsReport.caption')}
              empty={t('alertsReport.empty')}
              searchLabel={t('alertsReport.search')}
              initialSort={{ sort: 'week', dir: 'desc' }}
              onDownload={download}
              downloadLabel={t('alertsReport.export')}
              columns={columns}
            />
          </>
        ) : null}
      </ReportOutcome>
    </Box>
  );
}

/** The school's figures of the range, each a labelled number. */
function Figures({ title, cells }: { title: string; cells: [string, string, string][] }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(5, 1fr)' }, gap: 1, m: 0 }}>
        {cells.map(([id, label, value]) => (
          <Paper
            key={id}
            variant="outlined"
            data-testid={`alerts-figure-${id}`}
            sx={{ p: 1.25, textAlign: 'center', display: 'flex', flexDirection: 'column-reverse' }}
          >
            <Typography component="dt" variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontSize: 24, fontWeight: 700, color: 'primary.main' }}>
              {value}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
