import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import PanToolOutlinedIcon from '@mui/icons-material/PanToolOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GiveHigh5Dialog, GiveVibeDialog } from '../../../components/give';
import { useNotify } from '../../../components/ui/notifications';
import { PageTitle } from '../../../components/ui/page-title';
import { useErrorText } from '../../../lib/use-error-text';
import { api, classroomKeys, e } from '../api';

const headCell = { fontWeight: 700 } as const;

/**
 * Student classes (/student-classes, spec 002 section 2.2): the classes a student is in and
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
          <ToggleButtonGroup exclusive color="primary" value={enrolled ? 'mine' : 'other'} onChange={(_event, value: string | null) => value && setEnrolled(value === 'mine')} aria-label={t('studentClasses.toggleLabel')} sx={{ mb: 2, bgcolor: 'background.paper', '& .MuiToggleButton-root': { textTransform: 'none', fontWeight: 600, px: 2 } }}>
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
  const queryClient = useQueryClient();
  const classes = useQuery({ queryKey: classroomKeys.studentClasses(enrolled), queryFn: () => api(e.studentClasses, { query: { enrolled: enrolled ? 'true' : 'false' } }) });
  const request = useMutation({
    mutationFn: (cls: { id: string; name: string }) => api(e.studentRequestEnrolment, { params: { classId: cls.id }, body: {} }),
    onSuccess: async (_data, cls) => {
      notify('success', t('studentClasses.requested', { name: cls.name }));
      await queryClient.invalidateQueries({ queryKey: classroomKeys.studentClasses(false) });
    },
    onError: (error) => notify('error', errorText(error)),
  });
  const rows = classes.data ?? [];
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      <Box sx={{ height: 4 }}>{classes.isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
      {classes.isError ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorText(classes.error)}
        </Alert>
      ) : classes.data && rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 3 }}>
          {enrolled ? t('studentClasses.noneMine') : t('studentClasses.noneOther')}
        </Typography>
      ) : (
        <TableContainer>
          <Table aria-label={enrolled ? t('studentClasses.mine') : t('studentClasses.other')}>
            <TableHead>
              <TableRow>
                <TableCell sx={headCell}>{t('columns.className')}</TableCell>
                <TableCell sx={headCell}>{t('columns.teacher')}</TableCell>
                {!enrolled && (
                  <TableCell sx={headCell} align="right">
                    {t('columns.action')}
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((cls) => (
                <TableRow key={cls.id} hover>
                  <TableCell sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                    {enrolled ? (
                      <Link component="button" type="button" onClick={() => onOpen(cls)} sx={{ fontWeight: 600, textAlign: 'left', fontSize: 'inherit' }}>
                        {cls.name}
                      </Link>
                    ) : (
                      cls.name
                    )}
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{cls.teacherName}</TableCell>
                  {!enrolled && (
                    <TableCell align="right">
                      {cls.requested ? (
                        <Chip label={t('studentClasses.pending')} color="secondary" variant="outlined" />
                      ) : (
                        <Button size="small" variant="outlined" disabled={request.isPending} onClick={() => request.mutate(cls)} aria-label={t('studentClasses.requestNamed', { name: cls.name })}>
                          {t('studentClasses.request')}
                        </Button>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

function Classmates({ cls, onBack }: { cls: { id: string; name: string }; onBack: () => void }) {
  const { t } = useTranslation('classroom');
  const errorText = useErrorText('classroom');
  const [give, setGive] = useState<{ kind: 'high5' | 'vibe'; id: string; name: string } | null>(null);
  const students = useQuery({ queryKey: classroomKeys.classmates(cls.id), queryFn: () => api(e.studentClassmates, { params: { classId: cls.id } }) });
  const rows = students.data ?? [];
  return (
    <>
      <Button startIcon={<ArrowBackIcon />} onClick={onBack} sx={{ mb: 1 }}>
        {t('studentClasses.back')}
      </Button>
      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, p: 2, pb: 1 }}>
          {t('studentClasses.classmatesTitle', { name: cls.name })}
        </Typography>
        <Box sx={{ height: 4 }}>{students.isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
        {students.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorText(students.error)}
          </Alert>
        ) : (
          <TableContainer>
            <Table aria-label={t('studentClasses.classmatesTitle', { name: cls.name })}>
              <TableHead>
                <TableRow>
                  <TableCell sx={headCell}>{t('columns.name')}</TableCell>
                  <TableCell sx={{ ...headCell, width: 120 }} align="right">
                    {t('columns.give')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((s) => {
                  const disabled = !s.registered || s.isMe;
                  const why = s.isMe ? t('studentClasses.thatsYou') : !s.registered ? t('studentClasses.notRegistered') : null;
                  return (
                    <TableRow key={s.id}>
                      <TableCell sx={{ wordBreak: 'break-word' }}>
                        <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                          {s.name}
                        </Typography>
                        {why && (
                          <Typography component="span" variant="body2" color="text.secondary">
                            {why}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Tooltip title={t('studentClasses.giveHigh5', { name: s.name })}>
                          <span>
                            <IconButton color="primary" disabled={disabled} aria-label={t('studentClasses.giveHigh5', { name: s.name })} onClick={() => setGive({ kind: 'high5', id: s.id, name: s.name })}>
                              <PanToolOutlinedIcon />
                            </IconButton>
                          </span>
                        </Tooltip>
                        <Tooltip title={t('studentClasses.giveVibe', { name: s.name })}>
                          <span>
                            <IconButton color="secondary" disabled={disabled} aria-label={t('studentClasses.giveVibe', { name: s.name })} onClick={() => setGive({ kind: 'vibe', id: s.id, name: s.name })}>
                              <FavoriteBorderIcon />
                            </IconButton>
                          </span>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
      {give?.kind === 'high5' && <GiveHigh5Dialog recipient={{ id: give.id, name: give.name, role: 'student' }} onClose={() => setGive(null)} />}
      {give?.kind === 'vibe' && <GiveVibeDialog recipient={{ id: give.id, name: give.name, role: 'student' }} onClose={() => setGive(null)} />}
    </>
  );
}
