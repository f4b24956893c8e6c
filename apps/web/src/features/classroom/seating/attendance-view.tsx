import { ClassroomRangeSchema, type AttendanceCode, type SeatingStudent, type StudentMood } from '@high5/contract';
import CloseIcon from '@mui/icons-material/Close';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Paper, Typography } from '@mui/material';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../components/form/contract-form';
import { FormDateRange, rangeForm } from '../../../components/form/form-date-range';
import { useNotify } from '../../../components/ui/notifications';
import { useErrorText } from '../../../lib/use-error-text';
import { useAttendanceExport, useAttendanceToday, useSaveAttendance } from './api';
import { lastDays, rangeParam, showDate, todayIso } from '../components/dates';
import { downloadBlob } from '../../../lib/download';
import { ATTENDANCE_STYLES, AttendanceCard, Classroom, StaticSeat } from './seat-grid';
import { nextCode, seatKey, type Layout } from './seating-state';

/** The dates: the list query's `dateRange`, as the server checks it (From not after To, at most a year). */
const classroomRangeForm = rangeForm(ClassroomRangeSchema);

const CODES: AttendanceCode[] = ['P', 'A', 'T', 'E'];

/**
 * Attendance (docs/rules/classroom.md#attendance): the chart's grid, where a click moves a
 * student from present to absent, tardy, excused and back. Save sends the four lists for
 * the school's today; export writes attendance.csv for a date range.
 */
export function AttendanceView({
  classId,
  className,
  layout,
  students,
  moods,
  size,
  onClose,
}: {
  classId: string;
  className: string;
  layout: Layout;
  students: readonly SeatingStudent[];
  moods: readonly StudentMood[];
  size: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const [exporting, setExporting] = useState(false);
  const today = useAttendanceToday(classId);
  const seated = useMemo(() => Object.values(layout.seats), [layout.seats]);
  const [codes, setCodes] = useState<Record<string, AttendanceCode>>({});
  const heading = useRef<HTMLHeadingElement>(null);

  // The button that opened the view is gone: focus moves to the view's title (the screen puts it back on close).
  useEffect(() => heading.current?.focus(), []);

  // Everyone starts present; a day that already has attendance shows it.
  useEffect(() => {
    setCodes(Object.fromEntries(seated.map((id) => [id, today.data?.codes[id] ?? 'P'])));
  }, [seated, today.data]);

  const byId = new Map(students.map((s) => [s.id, s]));
  const moodById = new Map(moods.map((m) => [m.studentId, m]));
  const save = useSaveAttendance(classId);
  const saveAll = () => {
    const list = (code: AttendanceCode) => seated.filter((id) => codes[id] === code);
    save.mutate(
      { present: list('P'), absent: list('A'), tardy: list('T'), excused: list('E') },
      {
        onSuccess: (result) => {
          notify('success', t('attendance.saved', { date: showDate(result.date) }));
          onClose();
        },
        onError: (error) => notify('error', t('attendance.saveFailed', { reason: errorText(error) })),
      },
    );
  };

  const counts = CODES.map((code) => ({ code, count: seated.filter((id) => codes[id] === code).length }));

  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }} component="section" aria-labelledby="attendance-title">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', p: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ flex: '1 1 260px' }}>
          <Typography
            ref={heading}
            tabIndex={-1}
            id="attendance-title"
            component="h2"
            variant="h6"
            sx={{
              fontWeight: 700,
              '&:focus': { outline: 'none' },
              '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
            {t('attendance.title', { className })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {today.data ? t('attendance.forDate', { date: showDate(today.data.date) }) : t('common:loading')} · {t('attendance.help')}
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<SaveOutlinedIcon />} onClick={saveAll} disabled={save.isPending || !today.data}>
          {t('attendance.save')}
        </Button>
        <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={() => setExporting(true)}>
          {t('attendance.export')}
        </Button>
        <Button startIcon={<CloseIcon />} onClick={onClose}>
          {t('attendance.close')}
        </Button>
      </Box>
      <Box aria-live="polite" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: 2, pt: 2 }}>
        {counts.map(({ code, count }) => (
          <Box key={code} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, px: 1, py: 0.25, borderRadius: 1, border: 1, borderColor: 'divider' }}>
            <Box
              component="span"
              aria-hidden
              sx={{ bgcolor: ATTENDANCE_STYLES[code].bg, color: ATTENDANCE_STYLES[code].fg, fontWeight: 800, borderRadius: 0.5, px: 0.75 }}
            >
              {code}
            </Box>
            <Typography variant="body2">{t('attendance.count', { status: t(`attendance.codes.${code}`), count })}</Typography>
          </Box>
        ))}
      </Box>
      {today.isError && (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorText(today.error)}
        </Alert>
      )}
      <Classroom
        layout={layout}
        size={size}
        renderSeat={(row, col) => {
          const id = layout.seats[seatKey(row, col)];
          const student = id ? byId.get(id) : undefined;
          return (
            <StaticSeat key={seatKey(row, col)} row={row} col={col} size={size}>
              {student ? (
                <AttendanceCard
                  student={student}
                  mood={moodById.get(student.id)}
                  size={size}
                  code={codes[student.id] ?? 'P'}
                  onNext={() => setCodes((c) => ({ ...c, [student.id]: nextCode(c[student.id] ?? 'P') }))}
                />
              ) : undefined}
            </StaticSeat>
          );
        }}
      />
      <ExportDialog open={exporting} classId={classId} onClose={() => setExporting(false)} />
    </Paper>
  );
}

function ExportDialog({ open, classId, onClose }: { open: boolean; classId: string; onClose: () => void }) {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const titleId = useId();
  const form = useContractForm(classroomRangeForm, { mode: 'onChange', defaultValues: { range: lastDays() } });
  const { isValid } = useFormState({ control: form.control });
  const run = useAttendanceExport(classId);
  const download = form.handleSubmit(({ range }) =>
    run.mutate(rangeParam(range), {
      onSuccess: (result) => {
        downloadBlob(new Blob([result.csv], { type: 'text/csv;charset=utf-8' }), result.filename);
        notify('success', t('attendance.downloaded'));
        onClose();
      },
      onError: (error) => notify('error', t('attendance.downloadFailed', { reason: errorText(error) })),
    }),
  );
  return (
    <Dialog open={open} onClose={run.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm">
      <form noValidate onSubmit={(event) => void download(event)}>
        <DialogTitle id={titleId}>{t('attendance.exportTitle')}</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('attendance.exportHelp')}
          </Typography>
          <FormDateRange control={form.control} name="range" maxDate={todayIso()} area="classroom" />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={run.isPending}>
            {t('common:confirm.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={run.isPending || !isValid}>
            {t('attendance.download')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
