import { adminApi, completeMoodMessages, MOOD_MESSAGE_MAX, type MoodMessages, type SchoolConfiguration } from '@high5/contract';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/ui/notifications';
import { api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { configurationQuery } from '../api';

/**
 * The mood meter messages in English and Spanish (spec 003 section 2.11). A message left empty
 * in one language is filled from the other. While the prompt is OFF the messages cannot be edited.
 */
export function MoodMessagesDialog({ config, onClose }: { config: SchoolConfiguration; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [messages, setMessages] = useState<MoodMessages>(config.moodmeterMessages);
  const off = !config.promptMoodmeter;
  const save = useMutation({
    mutationFn: () => api(adminApi.updateConfiguration, { body: { moodmeterMessages: completeMoodMessages(messages) } }),
    onSuccess: (data) => {
      queryClient.setQueryData(configurationQuery.queryKey, data);
      notify('success', t('config.messagesSaved'));
      onClose();
    },
    onError: (error) => notify('error', errorText(error)),
  });
  const field = (lang: 'en' | 'es', key: 'message1' | 'message2') => (
    <TextField
      label={t(`config.${key}`)}
      value={messages[lang][key]}
      onChange={(e) => setMessages((m) => ({ ...m, [lang]: { ...m[lang], [key]: e.target.value } }))}
      disabled={off}
      multiline
      minRows={2}
      fullWidth
      slotProps={{ htmlInput: { maxLength: MOOD_MESSAGE_MAX, lang } }}
      helperText={`${messages[lang][key].length} / ${MOOD_MESSAGE_MAX}`}
    />
  );
  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          save.mutate();
        }}
      >
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
            <Stack spacing={1.5} component="fieldset" sx={{ flex: 1, border: 0, p: 0, m: 0, minWidth: 0 }}>
              <Typography component="legend" sx={{ fontWeight: 700, mb: 1 }}>
                {t('config.english')}
              </Typography>
              {field('en', 'message1')}
              {field('en', 'message2')}
            </Stack>
            <Stack spacing={1.5} component="fieldset" sx={{ flex: 1, border: 0, p: 0, m: 0, minWidth: 0 }}>
              <Typography component="legend" sx={{ fontWeight: 700, mb: 1 }}>
                {t('config.spanish')}
              </Typography>
              {field('es', 'message1')}
              {field('es', 'message2')}
            </Stack>
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
