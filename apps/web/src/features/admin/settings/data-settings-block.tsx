import { DataSettingsUpdateSchema, EXPORT_GRADE_NOBODY, schoolYearLabel, type DataSettings } from '@high5/contract';
import { Alert, Box, Button, MenuItem, Skeleton, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useContractForm } from '../../../components/form/contract-form';
import { FormSelectField } from '../../../components/form/form-select-field';
import { useNotify } from '../../../components/ui/notifications';
import { showDate } from '../../../lib/dates';
import { useErrorText } from '../../../lib/use-error-text';
import { useDataSettings, useUpdateDataSettings } from './api';
import { Section } from './section';

/** The contract's settings, with "as long as the school exists" (null) held as 0 by the select. */
const DataSettingsForm = DataSettingsUpdateSchema.extend({ retentionYears: z.number().int().min(0).max(20) });
const RETENTION_CHOICES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10];
const GRADES = [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, EXPORT_GRADE_NOBODY];

/**
 * School years (docs/decisions/0575, 0576): how many years of moods, journals and attendance the
 * school keeps, and the next night something is deleted, shown before it happens; and from which
 * grade students download their own year.
 */
export function DataSettingsBlock() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const settings = useDataSettings();
  return (
    <Section title={t('dataSettings.title')} help={t('dataSettings.help')}>
      {settings.isError ? (
        <Alert severity="error">{errorText(settings.error)}</Alert>
      ) : settings.data ? (
        <RetentionForm settings={settings.data} />
      ) : (
        <Skeleton variant="rounded" height={160} aria-label={t('common:loading')} />
      )}
    </Section>
  );
}

function RetentionForm({ settings }: { settings: DataSettings }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const update = useUpdateDataSettings();
  const values = { retentionYears: settings.retentionYears ?? 0, familyExportMinGrade: settings.familyExportMinGrade };
  const form = useContractForm(DataSettingsForm, { defaultValues: values });
  useEffect(() => form.reset({ retentionYears: settings.retentionYears ?? 0, familyExportMinGrade: settings.familyExportMinGrade }), [settings, form]);
  const submit = form.handleSubmit((body) =>
    update.mutate(
      { retentionYears: body.retentionYears === 0 ? null : body.retentionYears, familyExportMinGrade: body.familyExportMinGrade },
      { onSuccess: () => notify('success', t('config.saved')), onError: (error) => notify('error', errorText(error)) },
    ),
  );
  const next = settings.nextDeletion;
  const gradeText = (g: number) =>
    g === EXPORT_GRADE_NOBODY ? t('dataSettings.gradeNobody') : g === -1 ? 'TK' : g === 0 ? 'K' : t('dataSettings.grade', { grade: g });
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Stack spacing={2} sx={{ maxWidth: 420 }}>
        <FormSelectField control={form.control} name="retentionYears" area="admin" label={t('dataSettings.keep')} fullWidth>
          {RETENTION_CHOICES.map((n) => (
            <MenuItem key={n} value={n}>
              {n === 0 ? t('dataSettings.keepForever') : t('dataSettings.keepYears', { count: n })}
            </MenuItem>
          ))}
        </FormSelectField>
        <FormSelectField
          control={form.control}
          name="familyExportMinGrade"
          area="admin"
          label={t('dataSettings.exportGrade')}
          helperText={t('dataSettings.exportGradeHelp')}
          fullWidth
        >
          {GRADES.map((g) => (
            <MenuItem key={g} value={g}>
              {gradeText(g)}
            </MenuItem>
          ))}
        </FormSelectField>
      </Stack>
      <Alert severity={next ? 'warning' : 'info'} sx={{ my: 2 }}>
        {next ? (
          <>
            <Typography component="span" sx={{ fontWeight: 700, display: 'block' }}>
              {t('dataSettings.nextOn', { date: showDate(next.on) })}
            </Typography>
            {t('dataSettings.nextWhat', { before: showDate(next.before), year: schoolYearLabel(next.oldestKept.startYear) })}
          </>
        ) : (
          t('dataSettings.keptForever')
        )}
      </Alert>
      <Button type="submit" variant="contained" disabled={update.isPending}>
        {t('dataSettings.save')}
      </Button>
    </Box>
  );
}
