import { formatDate, type FamilyRequest } from '@high5/contract';
import { Alert, Box, Button, List, ListItem, ListItemText, Paper, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/ui/notifications';
import { PageTitle } from '../../../components/ui/page-title';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { useAnswerFamilyRequest, useFamilyRequests } from './api';

/**
 * /family-requests (docs/decisions/0155): students who asked the signed-in account to be their
 * parent. Nothing of the student is shared until the account accepts here.
 */
export default function FamilyRequestsScreen() {
  const { t, i18n } = useTranslation('profile');
  const errorText = useErrorText('recognition');
  const notify = useNotify();
  const requests = useFamilyRequests();
  const answer = useAnswerFamilyRequest();
  const decide = (request: FamilyRequest, accept: boolean) =>
    answer.mutate(
      { request, accept },
      {
        onSuccess: () => notify('success', accept ? t('requests.accepted', { studentName: request.studentName }) : t('requests.declined')),
        onError: (error) =>
          notify(
            'error',
            error instanceof ApiError && error.code === 'FAMILY_REQUEST_NOT_POSSIBLE' ? t('errors.FAMILY_REQUEST_NOT_POSSIBLE') : errorText(error),
          ),
      },
    );
  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageTitle subtitle={t('requests.intro')}>{t('requests.title')}</PageTitle>
      {requests.isError ? (
        <Alert severity="error">{errorText(requests.error)}</Alert>
      ) : requests.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : requests.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderRadius: 3, color: 'text.secondary' }}>
          {t('requests.empty')}
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ borderRadius: 3 }}>
          <List aria-label={t('requests.listLabel')} disablePadding>
            {requests.data.map((r, i) => (
              <ListItem key={r.id} divider={i < requests.data.length - 1} sx={{ flexWrap: 'wrap', gap: 1, py: 2 }}>
                <ListItemText
                  sx={{ flex: '1 1 240px', overflowWrap: 'anywhere' }}
                  primary={<Typography sx={{ fontWeight: 600 }}>{t('requests.from', { studentName: r.studentName, schoolName: r.schoolName })}</Typography>}
                  secondary={t('requests.askedOn', { date: formatDate(r.createdAt, i18n.language) })}
                />
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button variant="outlined" color="inherit" disabled={answer.isPending} onClick={() => decide(r, false)}>
                    {t('requests.decline')}
                  </Button>
                  <Button variant="contained" disabled={answer.isPending} onClick={() => decide(r, true)}>
                    {t('requests.accept')}
                  </Button>
                </Box>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </Box>
  );
}
