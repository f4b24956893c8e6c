import { completeMoodMessages, MOOD_MESSAGE_MAX, MoodMessagesSchema, type SchoolConfiguration } from '@high5/contract';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../components/form/contract-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { useNotify } from '../../../components/ui/notifications';
import { useErrorText } from '../../../lib/use-error-text';
import { useUpdateConfiguration } from './api';

type MessageName = `${'en' | 'es'}.${'message1' | 'message2'}`;

/**
 * The mood meter messages in English and Spanish (docs/rules/administration.md#school-configuration). A message left empty
 * in one language is filled from the other. While the prompt is OFF the messages cannot be edited.
 */
export function MoodMessagesDialog({ config, onClose }: { config: SchoolConfiguration; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const form = useContractForm(MoodMessagesSchema, { defaultValues: config.moodmeterMessages });
  const off = !config.promptMoodmeter;
  const save = useUpdateConfiguration();
  const submit = form.handleSubmit((messages) =>
    save.mutate(
      { moodmeterMessages: completeMoodMessages(messages) },
      {
        onSuccess: () => {
          notify('success', t('config.messagesSaved'));
          onClose();
        },
        onError: (error) => notify('error', errorText(error)),
      },
    ),
  );
  const language = (lang: 'en' | 'es') => (
    <Stack spacing={1.5} component="fieldset" sx={{ flex: 1, border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 700, mb: 1 }}>
        {t(lang === 'en' ? 'config.english' : 'config.spanish')}
      </Typography>
      <MessageField control={form.control} name={`${lang}.message1`} disabled={off} />
      <MessageField control={form.control} name={`${lang}.message2`} disabled={off} />
    </Stack>
  );
  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{t('config.messagesTitle')}</DialogTitle>
        <DialogContent>
          {off && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('config.messagesOff')}
            </Alert>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('config.messagesHelp')}
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
            {language('en')}
            {language('es')}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={off || save.isPending}>
            {t('actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** One message with its live character count. */
function MessageField({ control, name, disabled }: { control: Control<SchoolConfiguration['moodmeterMessages']>; name: MessageName; disabled: boolean }) {
  const { t } = useTranslation('admin');
  const value = useWatch({ control, name }) ?? '';
  return (
    <FormTextField
      control={control}
      name={name}
      area="admin"
      label={t(`config.${name.slice(3) as 'message1' | 'message2'}`)}
      disabled={disabled}
      multiline
      minRows={2}
      fullWidth
      slotProps={{ htmlInput: { maxLength: MOOD_MESSAGE_MAX, lang: name.slice(0, 2) } }}
      helperText={`${value.length} / ${MOOD_MESSAGE_MAX}`}
    />
  );
}
