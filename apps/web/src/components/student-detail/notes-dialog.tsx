import { NOTE_MAX, requiredMultilineText } from '@high5/contract';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showDateTime } from '../../lib/dates';
import { useContractForm } from '../form/contract-form';
import { FormTextField } from '../form/form-text-field';
import { useNotify } from '../ui/notifications';
import { useAddStudentNote, useStudentNotes } from './api';

/** A note, as the add-note endpoint's body takes it (required, at most NOTE_MAX characters, lines kept). */
const noteFormSchema = z.object({ body: requiredMultilineText(NOTE_MAX) });

/**
 * The notes about a student (docs/rules/recognition.md#student-detail): a view of every note, newest first, and an edit
 * mode to write one; saving returns to the view. An empty note asks for text instead, on its field.
 */
export function NotesDialog({ studentId, studentName, onClose }: { studentId: string; studentName: string; onClose(): void }) {
  const { t } = useTranslation('profile');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const notify = useNotify();
  const notes = useStudentNotes(studentId, true);
  const add = useAddStudentNote(studentId);
  const [editing, setEditing] = useState(false);
  const form = useContractForm(noteFormSchema, { defaultValues: { body: '' } });
  const length = useWatch({ control: form.control, name: 'body' }).length;
  const save = form.handleSubmit(({ body }) =>
    add.mutate(body, {
      onSuccess: () => {
        notify('success', t('studentDetail.notes.added'));
        form.reset();
        setEditing(false);
      },
      onError: () => notify('error', t('studentDetail.notes.failed')),
    }),
  );

  return (
    <Dialog open onClose={add.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{t('studentDetail.notes.title', { name: studentName })}</DialogTitle>
      <DialogContent dividers>
        {editing ? (
          <FormTextField
            control={form.control}
            name="body"
            label={t('studentDetail.notes.label')}
            multiline
            minRows={4}
            maxRows={12}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
            messages={{ 'errors:field.required': 'profile:studentDetail.notes.required' }}
            helperText={`${length} / ${NOTE_MAX}`}
          />
        ) : notes.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={t('common:loading')} />
          </Box>
        ) : notes.isError ? (
          <Alert severity="error">{t('studentDetail.loadFailed')}</Alert>
        ) : notes.data.length === 0 ? (
          <Typography color="text.secondary">{t('studentDetail.notes.empty')}</Typography>
        ) : (
          <List disablePadding>
            {notes.data.map((note) => (
              <ListItem key={note.id} divider disableGutters alignItems="flex-start">
                <ListItemText
                  primary={note.body}
                  secondary={t('studentDetail.notes.by', { name: note.authorName, date: showDateTime(note.createdAt) })}
                  slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>
        {editing ? (
          <>
            <Button onClick={() => setEditing(false)} disabled={add.isPending}>
              {t('studentDetail.notes.view')}
            </Button>
            <Button
              variant="contained"
              onClick={(event) => void save(event)}
              disabled={add.isPending}
              startIcon={add.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            >
              {t('studentDetail.notes.save')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose}>{t('studentDetail.notes.close')}</Button>
            <Button variant="contained" onClick={() => setEditing(true)}>
              {t('studentDetail.notes.edit')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
