import { Button, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useClassStudents } from '../teacher-classes/api';

/**
 * A new card for one student (a lost card): the class's students, each with "New card", asked
 * first because the student's old card stops working (docs/decisions/0589).
 */
export function OneCard({ classId, busy, onNewCard }: { classId: string; busy: boolean; onNewCard: (studentId: string, done: () => void) => void }) {
  const { t } = useTranslation('classroom');
  const students = useClassStudents(classId);
  const [asking, setAsking] = useState<{ id: string; name: string } | null>(null);
  return (
    <Paper className="no-print" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        {t('cards.oneTitle')}
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }}>
        {t('cards.oneHelp')}
      </Typography>
      {students.data?.length === 0 && <Typography>{t('cards.noStudents')}</Typography>}
      <List dense data-testid="one-card-students">
        {students.data?.map((s) => (
          <ListItem
            key={s.id}
            disableGutters
            secondaryAction={
              <Button onClick={() => setAsking({ id: s.id, name: s.name })} disabled={busy} aria-label={t('cards.newCardLabel', { name: s.name })}>
                {t('cards.newCard')}
              </Button>
            }
          >
            <ListItemText primary={s.name} sx={{ pr: 14 }} />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={asking !== null}
        title={t('cards.newCardTitle', { name: asking?.name ?? '' })}
        message={t('cards.newCardMessage', { name: asking?.name ?? '' })}
        confirmLabel={t('cards.newCardConfirm')}
        destructive
        busy={busy}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && onNewCard(asking.id, () => setAsking(null))}
      />
    </Paper>
  );
}
