import { addDays, formatDate, GradeModes, RolloverInputSchema, type GradeMode, type RolloverInput, type RolloverPlan } from '@high5/contract';
import { Alert, Box, Button, List, ListItem, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/ui/date-field';
import { schoolYearName } from '../../../components/ui/school-year-picker';
import { useNotify } from '../../../components/ui/notifications';
import { useErrorText } from '../../../lib/use-error-text';
import { Section } from '../settings/section';
import { useApplyRollover, usePreviewRollover, useSchoolYearAdmin, useUndoRollover } from './api';

const GRADES = Array.from({ length: 14 }, (_, i) => i - 1);

/**
 * The school year rollover (docs/decisions/0570-0572): choose the new year's first day and the
 * grade rule, preview every change, apply exactly what was previewed, undo until the new year's first class.
 */
export function SchoolYearRollover() {
  const { t, i18n } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const state = useSchoolYearAdmin();
  const preview = usePreviewRollover();
  const apply = useApplyRollover();
  const undo = useUndoRollover();
  const [draft, setDraft] = useState<Partial<RolloverInput>>({});
  const [shown, setShown] = useState<{ input: RolloverInput; plan: RolloverPlan } | null>(null);

  if (state.isError) return <Alert severity="error">{errorText(state.error)}</Alert>;
  const s = state.data;
  if (!s) return <Skeleton variant="rounded" height={320} aria-label={t('common:loading')} />;
  const date = (iso: string) => formatDate(iso, i18n.language);
  const gradeName = (g: number) => (g === -1 ? t('schoolYear.grade.-1') : g === 0 ? t('schoolYear.grade.0') : t('schoolYear.grade.n', { n: g }));
  const input = {
    startsOn: draft.startsOn ?? '',
    gradeMode: draft.gradeMode ?? s.gradeMode,
    finalGrade: draft.finalGrade !== undefined ? draft.finalGrade : (s.finalGrade ?? s.suggestedFinalGrade ?? 12),
  };
  const parsed = RolloverInputSchema.safeParse(input);
  // A change of any choice hides the preview: what is applied is always what was shown.
  const change = (next: Partial<RolloverInput>) => {
    setDraft({ ...draft, ...next });
    setShown(null);
  };
  const onPreview = () => {
    if (!parsed.success) return;
    preview.mutate(parsed.data, { onSuccess: (plan) => setShown({ input: parsed.data, plan }), onError: (e) => notify('error', errorText(e)) });
  };
  const onApply = () => {
    if (!shown) return;
    apply.mutate(shown.input, {
      onSuccess: () => {
        notify('success', t('schoolYear.applied', { date: date(shown.input.startsOn) }));
        setShown(null);
        setDraft({});
      },
      onError: (e) => notify('error', errorText(e)),
    });
  };
  const last = s.lastRollover;

  return (
    <Section title={t('schoolYear.title')} help={t('schoolYear.intro')}>
      <Typography sx={{ mb: 1 }}>{t('schoolYear.current', { from: date(s.current.from), to: date(s.current.to) })}</Typography>
      {s.rostered && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('schoolYear.rostered')}
        </Alert>
      )}
      {last && (
        <Alert
          severity={last.undoable ? 'warning' : 'info'}
          sx={{ mb: 2 }}
          action={
            last.undoable ? (
              <Button
                color="inherit"
                disabled={undo.isPending}
                onClick={() =>
                  undo.mutate(undefined, { onSuccess: () => notify('success', t('schoolYear.undoneDone')), onError: (e) => notify('error', errorText(e)) })
                }
              >
                {t('schoolYear.undo')}
              </Button>
            ) : undefined
          }
        >
          {t('schoolYear.last', { date: date(last.startsOn), origin: t(`schoolYear.origin.${last.origin}`) })}{' '}
          {last.undoneAt ? t('schoolYear.undone') : last.undoable ? t('schoolYear.undoHelp') : ''}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <DateField
          label={t('schoolYear.startsOn')}
          value={input.startsOn}
          onChange={(v) => change({ startsOn: v ?? '' })}
          minDate={addDays(s.today, -120)}
          maxDate={addDays(s.today, 120)}
          size="small"
        />
        <TextField
          select
          size="small"
          label={t('schoolYear.gradeMode')}
          value={input.gradeMode}
          onChange={(e) => change({ gradeMode: e.target.value as GradeMode })}
          sx={{ minWidth: 260 }}
        >
          {GradeModes.map((m) => (
            <MenuItem key={m} value={m}>
              {t(`schoolYear.modes.${m}`)}
            </MenuItem>
          ))}
        </TextField>
        {input.gradeMode === 'promote' && (
          <TextField
            select
            size="small"
            label={t('schoolYear.finalGrade')}
            value={input.finalGrade ?? ''}
            onChange={(e) => change({ finalGrade: Number(e.target.value) })}
            sx={{ minWidth: 220 }}
          >
            {GRADES.map((g) => (
              <MenuItem key={g} value={g}>
                {gradeName(g)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      <Button variant="outlined" onClick={onPreview} disabled={!parsed.success || preview.isPending}>
        {t('schoolYear.preview')}
      </Button>
      {shown && <Plan plan={shown.plan} gradeName={gradeName} />}
      {shown && (
        <Box sx={{ mt: 2 }}>
          <Button variant="contained" onClick={onApply} disabled={apply.isPending}>
            {t('schoolYear.apply')}
          </Button>
        </Box>
      )}
    </Section>
  );
}

/** Every change of the preview, group by group. */
function Plan({ plan, gradeName }: { plan: RolloverPlan; gradeName: (g: number) => string }) {
  const { t, i18n } = useTranslation('admin');
  const date = (iso: string) => formatDate(iso, i18n.language);
  const group = (title: string, lines: string[]) => (
    <Box sx={{ mt: 2 }}>
      <Typography component="h4" variant="subtitle2">
        {title}
      </Typography>
      {lines.length > 0 && (
        <List dense disablePadding>
          {lines.map((line, i) => (
            <ListItem key={i} disableGutters sx={{ py: 0 }}>
              {line}
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
  return (
    <Box component="section" aria-label={t('schoolYear.previewTitle')} sx={{ mt: 3, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography component="h3" variant="h6">
        {t('schoolYear.previewTitle')}
      </Typography>
      <Typography>
        {t('schoolYear.years', {
          closing: schoolYearName(plan.closing),
          closingTo: date(plan.closing.to),
          opening: schoolYearName(plan.opening),
          openingFrom: date(plan.opening.from),
        })}
      </Typography>
      {group(
        t('schoolYear.classes', { count: plan.classes.length }),
        plan.classes.map((c) => t('schoolYear.classLine', { name: c.name, owner: c.ownerName, students: c.studentCount })),
      )}
      {group(
        t('schoolYear.promoted', { count: plan.promoted.length }),
        plan.promoted.map((p) => t('schoolYear.promotedLine', { name: p.name, from: gradeName(p.from), to: gradeName(p.to) })),
      )}
      {group(
        t('schoolYear.graduating', { count: plan.graduating.length }),
        plan.graduating.map((p) => `${p.name} (${gradeName(p.grade)})`),
      )}
      {group(t('schoolYear.unchanged', { count: plan.unchangedCount }), [])}
      {group(
        t('schoolYear.teachers', { count: plan.teachers.length }),
        plan.teachers.map((p) => t('schoolYear.teacherLine', { name: p.name, count: p.classCount })),
      )}
    </Box>
  );
}
