import type { Classmate, StudentClass } from '@high5/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import PanToolOutlinedIcon from '@mui/icons-material/PanToolOutlined';
import { Alert, Box, Button, Chip, IconButton, LinearProgress, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GiveHigh5Dialog, GiveVibeDialog } from '../../../components/give';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { useNotify } from '../../../components/ui/notifications';
import { PageTitle } from '../../../components/ui/page-title';
import { useErrorText } from '../../../lib/use-error-text';
import { useClassmates, useRequestEnrolment, useStudentClasses } from './api';

/**
 * Student classes (/student-classes, docs/rules/classroom.md#student-classes): the classes a student is in and
 * the school's other classes (with a request to join), and each of their classes' students
 * with High 5 and Positive Vibe buttons, greyed out for students who have not registered.
 */
export default function StudentClassesScreen() {
  const { t } = useTranslation('classroom');
  const [enrolled, setEnrolled] = useState(true);
  const [open, setOpen] = useState<{ id: string; name: string } | null>(null);

  return (
    <Box>
      <PageTitle subtitle={t('studentClasses.subtitle')}>{t('studentClasses.title')}</PageTitle>
      {open ? (
        <Classmates cls={open} onBack={() => setOpen(null)} />
      ) : (
        <>
          <ToggleButtonGroup
            exclusive
            color="primary"
            value={enrolled ? 'mine' : 'other'}
            onChange={(_event, value: string | null) => value && setEnrolled(value === 'mine')}
            aria-label={t('studentClasses.toggleLabel')}
            sx={{ mb: 2, bgcolor: 'background.paper', '& .MuiToggleButton-root': { textTransform: 'none', fontWeight: 600, px: 2 } }}
          >
            <ToggleButton value="mine">{t('studentClasses.mine')}</ToggleButton>
            <ToggleButton value="other">{t('studentClasses.other')}</ToggleButton>
          </ToggleButtonGroup>
          <ClassList enrolled={enrolled} onOpen={setOpen} />
        </>
      )}
    </Box>
  );
}

function ClassList({ enrolled, onOpen }: { enrolled: boolean; onOpen: (cls: { id: string; name: string }) => void }) {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const classes = useStudentClasses(enrolled);
  const request = useRequestEnrolment();
  const ask = (cls: { id: string; name: string }) =>
    request.mutate(cls, {
      onSuccess: () => notify('success', t('studentClasses.requested', { name: cls.name })),
      onError: (error) => notify('error', errorText(error)),
    });
  const columns: DataColumn<StudentClass>[] = [
    { id: 'name', header: t('columns.className'), cell: (cls) => cls.name, value: (cls) => cls.name },
    { id: 'teacher', header: t('columns.teacher'), cell: (cls) => cls.teacherName, value: (cls) => cls.teacherName },
  ];
  if (!enrolled)
    columns.push({
      id: 'action',
      header: t('columns.action'),
      sortable: false,
      cell: (cls) =>
        cls.requested ? (
          <Chip label={t('studentClasses.pending')} color="secondary" variant="outlined" />
        ) : (
          <Button
            size="small"
            variant="outlined"
            disabled={request.isPending}
            onClick={() => ask(cls)}
            aria-label={t('studentClasses.requestNamed', { name: cls.name })}
          >
            {t('studentClasses.request')}
          </Button>
        ),
    });
  return (
    <>
      <Box sx={{ height: 4 }}>{classes.isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
      {classes.isError ? (
        <Alert severity="error">{errorText(classes.error)}</Alert>
      ) : (
        classes.data && (
          <DataTable
            key={String(enrolled)}
            rows={classes.data}
            columns={columns}
            rowKey={(cls) => cls.id}
            caption={enrolled ? t('studentClasses.mine') : t('studentClasses.other')}
            empty={enrolled ? t('studentClasses.noneMine') : t('studentClasses.noneOther')}
            onOpen={enrolled ? onOpen : undefined}
          />
        )
      )}
    </>
  );
}

function Classmates({ cls, onBack }: { cls: { id: string; name: string }; onBack: () => void }) {
  const { t } = useTranslation('classroom');
  const errorText = useErrorText('classroom');
  const [give, setGive] = useState<{ kind: 'high5' | 'vibe'; id: string; name: string } | null>(null);
  const students = useClassmates(cls.id);
  const columns: DataColumn<Classmate>[] = [
    { id: 'name', header: t('columns.name'), cell: (s) => s.name, value: (s) => s.name },
    {
      id: 'give',
      header: t('columns.give'),
      sortable: false,
      cell: (s) => {
        const disabled = !s.registered || s.isMe;
        return (
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            <Tooltip title={t('studentClasses.giveHigh5', { name: s.name })}>
              <span>
                <IconButton
                  color="primary"
                  disabled={disabled}
                  aria-label={t('studentClasses.giveHigh5', { name: s.name })}
                  onClick={() => setGive({ kind: 'high5', id: s.id, name: s.name })}
                >
                  <PanToolOutlinedIcon />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={t('studentClasses.giveVibe', { name: s.name })}>
              <span>
                <IconButton
                  color="secondary"
                  disabled={disabled}
                  aria-label={t('studentClasses.giveVibe', { name: s.name })}
                  onClick={() => setGive({ kind: 'vibe', id: s.id, name: s.name })}
                >
                  <FavoriteBorderIcon />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
        );
      },
    },
  ];
  /** Why a classmate cannot be given anything. */
  const why = (s: Classmate) => (s.isMe ? t('studentClasses.thatsYou') : !s.registered ? t('studentClasses.notRegistered') : null);
  return (
    <>
      <Button startIcon={<ArrowBackIcon />} onClick={onBack} sx={{ mb: 1 }}>
        {t('studentClasses.back')}
      </Button>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('studentClasses.classmatesTitle', { name: cls.name })}
      </Typography>
      <Box sx={{ height: 4 }}>{students.isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
      {students.isError ? (
        <Alert severity="error">{errorText(students.error)}</Alert>
      ) : (
        students.data && (
          <DataTable
            rows={students.data}
            columns={columns}
            rowKey={(s) => s.id}
            badge={(s) =>
              why(s) && (
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {why(s)}
                </Typography>
              )
            }
            caption={t('studentClasses.classmatesTitle', { name: cls.name })}
            empty=""
          />
        )
      )}
      {give?.kind === 'high5' && <GiveHigh5Dialog recipient={{ id: give.id, name: give.name, role: 'student' }} onClose={() => setGive(null)} />}
      {give?.kind === 'vibe' && <GiveVibeDialog recipient={{ id: give.id, name: give.name, role: 'student' }} onClose={() => setGive(null)} />}
    </>
  );
}
