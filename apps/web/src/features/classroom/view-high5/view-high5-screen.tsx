import { ClassroomRangeSchema, CLASSROOM_LIMITS, GiveFeedbackBodySchema, type MyStudent } from '@high5/contract';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  Paper,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useEffect, useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSignedInMe } from '../../../app/session';
import { useContractForm } from '../../../components/form/contract-form';
import { FormDateRange, rangeForm, useCheckedValue } from '../../../components/form/form-date-range';
import { FormTextField, upTo } from '../../../components/form/form-text-field';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { useNotify } from '../../../components/ui/notifications';
import { PageTitle } from '../../../components/ui/page-title';
import { YearExportCard } from '../../../components/year-export/year-export-card';
import { useErrorText } from '../../../lib/use-error-text';
import { lastDays, rangeParam, showDate, todayIso } from '../components/dates';
import { useDebounced } from '../components/use-debounced';
import { useGiveFeedback, useMyStudents, useStudentHigh5s } from './api';

/** The dates: the list query's `dateRange`, as the server checks it (From not after To, at most a year). */
const classroomRangeForm = rangeForm(ClassroomRangeSchema);

interface High5Row {
  id: number;
  date: string;
  fromName: string;
  categories: string[];
  comment: string;
  canGiveFeedback: boolean;
  myFeedback: string | null;
}

/**
 * View High 5s (/viewhigh5, docs/rules/classroom.md#received-high-5s-and-feedback): a parent picks one of their children
 * (shown by e-mail), a staff member searches the school's students (docs/decisions/0304),
 * and sees the High 5s the student received, by date; a row opens the feedback dialog,
 * whose feedback goes to the teacher who gave the High 5.
 */
export default function ViewHigh5Screen() {
  const { t } = useTranslation('classroom');
  const me = useSignedInMe();
  const staff = me.role === 'staff';
  const errorText = useErrorText('classroom');
  const [params, setParams] = useSearchParams();
  const filter = useContractForm(classroomRangeForm, { mode: 'onChange', defaultValues: { range: lastDays(CLASSROOM_LIMITS.viewHigh5RangeDays) } });
  const range = useCheckedValue(filter, 'range');
  const [open, setOpen] = useState<High5Row | null>(null);
  const exportTitleId = useId();
  const [picked, setPicked] = useState<MyStudent | null>(null);
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), 300);
  const children = useMyStudents(staff, term);
  const kids = children.data ?? [];
  const parentPick = params.get('student') && kids.some((k) => k.id === params.get('student')) ? params.get('student')! : (kids[0]?.id ?? '');
  const studentId = staff ? (picked?.id ?? '') : parentPick;

  useEffect(() => {
    if (!staff && kids.length > 0 && params.get('student') !== studentId) setParams({ student: studentId }, { replace: true });
  }, [staff, kids.length, studentId, params, setParams]);

  const high5s = useStudentHigh5s(studentId, rangeParam(range));
  const chips = (row: High5Row) => (
    <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
      {row.categories.map((c) => (
        <Chip key={c} size="small" label={c} />
      ))}
    </Box>
  );
  const columns: DataColumn<High5Row>[] = [
    { id: 'from', header: t('columns.from'), cell: (row) => row.fromName, value: (row) => row.fromName },
    { id: 'date', header: t('columns.date'), cell: (row) => showDate(row.date), value: (row) => row.date, date: true },
    { id: 'categories', header: t('columns.categories'), cell: chips, value: (row) => row.categories.join(', '), sortable: false, wide: true },
    { id: 'comment', header: t('columns.comment'), cell: (row) => row.comment, value: (row) => row.comment, sortable: false, wide: true, long: true },
  ];

  return (
    <Box>
      <PageTitle subtitle={t(staff ? 'viewHigh5.staffSubtitle' : 'viewHigh5.subtitle')}>{t('viewHigh5.title')}</PageTitle>
      {!staff && children.data && kids.length === 0 ? (
        <Alert severity="info">{t('myStudents.none')}</Alert>
      ) : (
        <>
          <Paper variant="outlined" sx={{ borderRadius: 3, display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, mb: 2, alignItems: 'flex-start' }}>
            {staff ? (
              <Autocomplete
                size="small"
                options={kids}
                value={picked}
                onChange={(_event, value) => setPicked(value)}
                inputValue={search}
                onInputChange={(_event, value) => setSearch(value)}
                filterOptions={(options) => options}
                getOptionLabel={(k) => k.email ?? k.name}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                renderOption={(props, k) => {
                  const { key, ...rest } = props as typeof props & { key: string };
                  return (
                    <li key={key} {...rest}>
                      <Box>
                        <Typography>{k.email ?? k.name}</Typography>
                        {k.email && (
                          <Typography variant="body2" color="text.secondary">
                            {k.name}
                          </Typography>
                        )}
                      </Box>
                    </li>
                  );
                }}
                loading={children.isFetching}
                noOptionsText={t('viewHigh5.noMatches')}
                renderInput={(props) => <TextField {...props} label={t('viewHigh5.searchStudent')} />}
                sx={{ minWidth: 300, flex: { xs: '1 1 100%', sm: '0 1 360px' } }}
              />
            ) : (
              <TextField
                select
                size="small"
                label={t('viewHigh5.student')}
                value={studentId}
                onChange={(event) => setParams({ student: event.target.value })}
                sx={{ minWidth: 240, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
              >
                {kids.map((k) => (
                  <MenuItem key={k.id} value={k.id}>
                    {k.email ?? k.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <FormDateRange control={filter.control} name="range" maxDate={todayIso()} area="classroom" />
          </Paper>
          {!staff && studentId && (
            <Paper component="section" aria-labelledby={exportTitleId} variant="outlined" sx={{ borderRadius: 3, p: 2, mb: 2 }}>
              <Typography id={exportTitleId} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
                {t('common:yearExport.title')}
              </Typography>
              <YearExportCard key={studentId} studentId={studentId} name={kids.find((k) => k.id === studentId)?.name ?? ''} self={false} />
            </Paper>
          )}
          <Box sx={{ height: 4 }}>{(high5s.isFetching || children.isFetching) && <LinearProgress aria-label={t('common:loading')} />}</Box>
          {!studentId && staff ? (
            <Typography color="text.secondary" sx={{ p: 1 }}>
              {t('viewHigh5.pickStudent')}
            </Typography>
          ) : high5s.isError ? (
            <Alert severity="error">{errorText(high5s.error)}</Alert>
          ) : (
            high5s.data && (
              <DataTable
                rows={high5s.data}
                columns={columns}
                rowKey={(row) => String(row.id)}
                caption={t('viewHigh5.tableLabel')}
                empty={t('viewHigh5.none')}
                initialSort={{ sort: 'date', dir: 'desc' }}
                onOpen={setOpen}
                openLabel={(row) => t('viewHigh5.openRow', { name: row.fromName, date: showDate(row.date) })}
                badge={(row) => row.myFeedback && <Chip size="small" color="secondary" variant="outlined" label={t('viewHigh5.feedbackSent')} sx={{ ml: 1 }} />}
                subline={chips}
              />
            )
          )}
        </>
      )}
      <FeedbackDialog row={open} studentId={studentId} onClose={() => setOpen(null)} />
    </Box>
  );
}

function FeedbackDialog({ row, studentId, onClose }: { row: High5Row | null; studentId: string; onClose: () => void }) {
  const { t } = useTranslation('classroom');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const titleId = useId();
  const form = useContractForm(GiveFeedbackBodySchema, { defaultValues: { high5Id: row?.id ?? 0, comment: row?.myFeedback ?? '' } });
  const text = useWatch({ control: form.control, name: 'comment' }) ?? '';
  useEffect(() => {
    form.reset({ high5Id: row?.id ?? 0, comment: row?.myFeedback ?? '' });
  }, [row, form]);
  const send = useGiveFeedback(studentId);
  const submit = form.handleSubmit(
    (body) =>
      send.mutate(body, {
        onSuccess: () => {
          notify('success', t('viewHigh5.feedbackSaved'));
          onClose();
        },
        onError: (error) => notify('error', t('viewHigh5.feedbackFailed', { reason: errorText(error) })),
      }),
    () => notify('info', t('viewHigh5.enterFeedback')),
  );
  return (
    <Dialog open={!!row} onClose={send.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={fullScreen}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{t('viewHigh5.dialogTitle')}</DialogTitle>
        {row && (
          <DialogContent sx={{ display: 'grid', gap: 1.5 }}>
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'max-content 1fr',
                columnGap: 2,
                rowGap: 1,
                '& dt': { color: 'text.secondary' },
                '& dd': { m: 0, wordBreak: 'break-word' },
              }}
            >
              <dt>{t('columns.from')}</dt>
              <dd>{row.fromName}</dd>
              <dt>{t('columns.date')}</dt>
              <dd>{showDate(row.date)}</dd>
              <dt>{t('columns.categories')}</dt>
              <dd>{row.categories.join(', ')}</dd>
              <dt>{t('columns.comment')}</dt>
              <dd>{row.comment || '—'}</dd>
            </Box>
            {row.canGiveFeedback ? (
              <FormTextField
                control={form.control}
                name="comment"
                area="classroom"
                messages={{ 'errors:field.required': 'classroom:viewHigh5.enterFeedback' }}
                parse={upTo(CLASSROOM_LIMITS.feedbackMax)}
                label={t('viewHigh5.feedback')}
                multiline
                minRows={3}
                helperText={t('viewHigh5.feedbackHelp', { length: text.length, max: CLASSROOM_LIMITS.feedbackMax })}
                autoFocus
              />
            ) : (
              <Alert severity="info">{t('viewHigh5.teachersOnly')}</Alert>
            )}
          </DialogContent>
        )}
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={send.isPending}>
            {t('common:confirm.cancel')}
          </Button>
          {row?.canGiveFeedback && (
            <Button type="submit" variant="contained" disabled={send.isPending}>
              {t('viewHigh5.submit')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
