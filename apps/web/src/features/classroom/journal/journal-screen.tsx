import { ClassroomRangeSchema, CLASSROOM_LIMITS, JournalInputSchema } from '@high5/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Alert, Box, Button, Card, CardContent, CardHeader, IconButton, LinearProgress, Paper, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../components/form/contract-form';
import { FormDateRange, rangeForm, useCheckedValue } from '../../../components/form/form-date-range';
import { FormTextField, upTo } from '../../../components/form/form-text-field';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useNotify } from '../../../components/ui/notifications';
import { PageTitle } from '../../../components/ui/page-title';
import { useErrorText } from '../../../lib/use-error-text';
import { lastDays, rangeParam, schoolTimeZone, showDateTime, todayIso } from '../components/dates';
import { useDeleteJournalEntry, useJournal, useSaveJournalEntry } from './api';

/** The dates: the list query's `dateRange`, as the server checks it (From not after To, at most a year). */
const classroomRangeForm = rangeForm(ClassroomRangeSchema);

interface Entry {
  id: string;
  heading: string;
  description: string;
  writtenAt: string;
  updatedAt: string;
}

/**
 * The gratitude journal (/gratitude-journal, docs/rules/classroom.md#gratitude-journal): write an entry
 * (heading and description), list the entries of a date range (default: the last 10 days; dates and
 * times of the school's calendar, decision 0327),
 * edit one (save becomes update) or delete one after a confirmation. Entries are private.
 */
export default function JournalScreen() {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const filter = useContractForm(classroomRangeForm, { mode: 'onChange', defaultValues: { range: lastDays() } });
  const range = useCheckedValue(filter, 'range');
  const [editing, setEditing] = useState<Entry | null>(null);
  const [deleting, setDeleting] = useState<Entry | null>(null);
  const form = useContractForm(JournalInputSchema, { defaultValues: { heading: '', description: '' } });
  const [heading, description] = useWatch({ control: form.control, name: ['heading', 'description'] });
  const entries = useJournal(rangeParam(range));

  const reset = () => {
    setEditing(null);
    form.reset({ heading: '', description: '' });
  };
  const save = useSaveJournalEntry();
  const remove = useDeleteJournalEntry();
  const submit = form.handleSubmit(
    (body) =>
      save.mutate(
        { ...body, entryId: editing?.id },
        {
          onSuccess: () => {
            notify('success', t(editing ? 'journal.updated' : 'journal.saved'));
            reset();
          },
          onError: (error) => notify('error', t(editing ? 'journal.updateFailed' : 'journal.saveFailed', { reason: errorText(error) })),
        },
      ),
    // A blank field is also said in a notice (docs/rules/classroom.md#gratitude-journal).
    (errors) => notify('info', t(errors.heading ? 'journal.headingEmpty' : 'journal.descriptionEmpty')),
  );
  const deleteEntry = (entry: Entry) =>
    remove.mutate(entry.id, {
      onSuccess: () => {
        notify('success', t('journal.deleted'));
        setDeleting(null);
        if (editing?.id === entry.id) reset();
      },
      onError: (error) => {
        setDeleting(null);
        notify('error', t('journal.deleteFailed', { reason: errorText(error) }));
      },
    });

  // Both fields: required, counted up to their limit.
  const field = (name: 'heading' | 'description', max: number, empty: string) => ({
    control: form.control,
    name,
    area: 'classroom' as const,
    messages: { 'errors:field.required': `classroom:journal.${empty}` },
    parse: upTo(max),
    required: true,
  });
  const rows = entries.data ?? [];
  return (
    <Box>
      <PageTitle subtitle={t('journal.subtitle')}>{t('journal.title')}</PageTitle>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 5fr) minmax(0, 7fr)' }, alignItems: 'start' }}>
        <Paper
          component="form"
          noValidate
          variant="outlined"
          aria-labelledby="journal-form-title"
          onSubmit={(event) => void submit(event)}
          sx={{ borderRadius: 3, p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
        >
          <Typography id="journal-form-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {editing ? t('journal.editTitle') : t('journal.newTitle')}
          </Typography>
          <FormTextField
            {...field('heading', CLASSROOM_LIMITS.journalHeadingMax, 'headingEmpty')}
            label={t('journal.heading')}
            helperText={`${heading.length} / ${CLASSROOM_LIMITS.journalHeadingMax}`}
          />
          <FormTextField
            {...field('description', CLASSROOM_LIMITS.journalDescriptionMax, 'descriptionEmpty')}
            label={t('journal.description')}
            multiline
            minRows={5}
            helperText={t('journal.descriptionHelp', { length: description.length, max: CLASSROOM_LIMITS.journalDescriptionMax })}
          />
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            {editing && (
              <Button onClick={reset} disabled={save.isPending}>
                {t('journal.cancelEdit')}
              </Button>
            )}
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {editing ? t('journal.update') : t('journal.save')}
            </Button>
          </Box>
        </Paper>

        <Box component="section" aria-labelledby="journal-list-title">
          <Typography id="journal-list-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
            {t('journal.entries')}
          </Typography>
          <Box sx={{ mb: 2 }}>
            <FormDateRange control={filter.control} name="range" maxDate={todayIso()} area="classroom" />
          </Box>
          <Box sx={{ height: 4, mb: 1 }}>{entries.isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
          {entries.isError && <Alert severity="error">{errorText(entries.error)}</Alert>}
          {entries.data && rows.length === 0 && <Typography color="text.secondary">{t('journal.none')}</Typography>}
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            {rows.map((entry) => (
              <Card key={entry.id} variant="outlined" sx={{ borderRadius: 3, borderColor: editing?.id === entry.id ? 'primary.main' : undefined }}>
                <CardHeader
                  title={entry.heading}
                  subheader={showDateTime(entry.writtenAt, schoolTimeZone())}
                  slotProps={{
                    title: { component: 'h3', variant: 'subtitle1', sx: { fontWeight: 700, wordBreak: 'break-word' } },
                    subheader: { variant: 'body2', color: 'text.secondary' },
                  }}
                  action={
                    <Box sx={{ display: 'flex' }}>
                      <Tooltip title={t('journal.edit', { heading: entry.heading })}>
                        <IconButton
                          aria-label={t('journal.edit', { heading: entry.heading })}
                          onClick={() => {
                            setEditing(entry);
                            form.reset({ heading: entry.heading, description: entry.description });
                            window.scrollTo({ top: 0, behavior: 'smooth' });
                          }}
                        >
                          <EditOutlinedIcon />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('journal.delete', { heading: entry.heading })}>
                        <IconButton aria-label={t('journal.delete', { heading: entry.heading })} onClick={() => setDeleting(entry)}>
                          <DeleteOutlineIcon />
                        </IconButton>
                      </Tooltip>
                    </Box>
                  }
                />
                <CardContent sx={{ pt: 0 }}>
                  <Typography sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>{entry.description}</Typography>
                </CardContent>
              </Card>
            ))}
          </Box>
        </Box>
      </Box>
      <ConfirmDialog
        open={!!deleting}
        title={t('journal.deleteTitle')}
        message={t('journal.deleteMessage', { heading: deleting?.heading ?? '' })}
        confirmLabel={t('journal.deleteConfirm')}
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && deleteEntry(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
}
