import type { ClassItem } from '@high5/contract';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Alert,
  Autocomplete,
  Badge,
  Box,
  Button,
  Chip,
  IconButton,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { useSignedInMe } from '../../../app/session';
import { StudentDetailDialog } from '../../../components/student-detail/student-detail-dialog';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useNotify } from '../../../components/ui/notifications';
import { PageTitle } from '../../../components/ui/page-title';
import { useErrorText } from '../../../lib/use-error-text';
import { useCreateClass, useDeleteClass, useRenameClass, useTeacherClasses } from './api';
import { ClassNameDialog } from './class-name-dialog';
import { InviteStudentsDialog, type InviteTab } from './invite-students-dialog';
import { ApproveRequests } from './approve-requests';
import { EnrolledStudents, EnrolledTeachers } from './enrolled-members';
import { FindStudents, FindTeachers } from './find-members';
import { NotYetPanel } from '../../../components/not-yet/not-yet-panel';

/** The view modes of docs/rules/classroom.md#teacher-classes. */
type Mode = 'student' | 'teacher' | 'addStudent' | 'addTeacher' | 'approve';
const CREATE_CLASS_FLAG = 'showCreateClassPopup';

/**
 * Teacher classes (/teacher-classes, docs/rules/classroom.md#teacher-classes): pick a class, see its code,
 * its students and its teachers; find and add students, approve requests, invite by
 * e-mail or CSV, add or remove substitute teachers; create, rename and delete classes.
 */
export default function TeacherClassesScreen() {
  const { t } = useTranslation('classroom');
  const me = useSignedInMe();
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('student');
  const [dialog, setDialog] = useState<null | 'create' | 'rename' | 'delete'>(null);
  const [invite, setInvite] = useState<InviteTab | null>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [profileId, setProfileId] = useState<string | null>(null);

  const classes = useTeacherClasses();
  const list = useMemo(() => classes.data ?? [], [classes.data]);
  const selected = list.find((c) => c.id === selectedId) ?? null;

  // After the list loads, the first class is selected when none is (docs/rules/classroom.md#teacher-classes).
  useEffect(() => {
    if (classes.data && (!selectedId || !classes.data.some((c) => c.id === selectedId))) setSelectedId(classes.data[0]?.id ?? null);
  }, [classes.data, selectedId]);

  // The create-class dialog opens once after sign-in for a teacher without classes.
  useEffect(() => {
    if (sessionStorage.getItem(CREATE_CLASS_FLAG) === 'true') {
      sessionStorage.setItem(CREATE_CLASS_FLAG, 'false');
      setDialog('create');
    }
  }, []);

  const create = useCreateClass();
  const rename = useRenameClass();
  const remove = useDeleteClass();
  // The dialog shows a refusal of the name on its field.
  const createClass = (name: string) =>
    create.mutateAsync({ name }).then((cls) => {
      notify('success', t('classes.created', { name: cls.name }));
      setDialog(null);
      setSelectedId(cls.id);
      setMode('student');
    });
  const renameClass = (name: string) =>
    rename.mutateAsync({ classId: selected!.id, name }).then(() => {
      notify('success', t('classes.renamed'));
      setDialog(null);
    });
  const deleteClass = () =>
    remove.mutate(selected!.id, {
      onSuccess: () => {
        notify('success', t('classes.deleted'));
        setDialog(null);
        setSelectedId(null);
        setMode('student');
      },
      onError: (error) => {
        setDialog(null);
        notify('error', errorText(error));
      },
    });

  const copyCode = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      notify('success', t('classes.codeCopied', { code }));
    } catch {
      notify('error', t('classes.codeCopyFailed'));
    }
  };

  const openInvite = (tab: InviteTab) => {
    setMenuAnchor(null);
    if (!selected) notify('info', t('classes.createFirst'));
    else setInvite(tab);
  };
  const switchMode = (next: Mode) => {
    setMenuAnchor(null);
    if (!selected) notify('info', t('classes.createFirst'));
    else setMode(next);
  };

  const canDelete = !!selected && selected.policies.canDelete;
  // A rostered class's students come from the SIS only (docs/decisions/0600): no ways to add any.
  const canChangeStudents = !selected || selected.policies.canChangeStudents;

  return (
    <Box>
      <PageTitle
        subtitle={t('classes.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog('create')}>
            {t('classes.createButton')}
          </Button>
        }
      >
        {t('classes.title')}
      </PageTitle>

      {selected?.lastYear && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('schoolYearClass.lastYearNote')}
        </Alert>
      )}
      {selected?.rostered && !selected.lastYear && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="rostered-note">
          {t('rosteredClass.note')}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ borderRadius: 3, p: 2, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Autocomplete
          sx={{ flex: '1 1 260px', maxWidth: { sm: 420 } }}
          options={list}
          value={selected}
          loading={classes.isLoading}
          onChange={(_event, value: ClassItem | null) => {
            if (value) {
              setSelectedId(value.id);
              setMode((m) => (m === 'teacher' || m === 'addTeacher' ? 'teacher' : 'student'));
            }
          }}
          getOptionLabel={(c) => c.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          // Last year's classes come last, in a group of their own (docs/decisions/0571).
          groupBy={
            me.isAdmin || list.some((c) => c.lastYear)
              ? (c) => (c.lastYear ? t('schoolYearClass.lastYear') : c.teaches ? t('classes.groupMine') : t('classes.groupSchool'))
              : undefined
          }
          renderOption={(props, c) => {
            const { key, ...rest } = props as typeof props & { key: string };
            return (
              <li key={key} {...rest}>
                <ListItemText
                  primary={c.name}
                  secondary={
                    c.teaches
                      ? t('classes.studentCount', { count: c.studentCount })
                      : `${c.ownerName} · ${t('classes.studentCount', { count: c.studentCount })}`
                  }
                />
              </li>
            );
          }}
          noOptionsText={t('classes.noClasses')}
          disableClearable={!!selected}
          renderInput={(params) => <TextField {...params} label={t('classes.picker')} size="small" />}
        />
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          <Tooltip title={t('classes.rename')}>
            <span>
              <IconButton aria-label={t('classes.rename')} disabled={!selected || selected.lastYear} onClick={() => setDialog('rename')}>
                <EditOutlinedIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('classes.delete')}>
            <span>
              <IconButton aria-label={t('classes.delete')} disabled={!canDelete} onClick={() => setDialog('delete')}>
                <DeleteOutlineIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
        {selected && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" color="text.secondary" component="span">
              {t('classes.code')}
            </Typography>
            <Chip
              label={selected.code}
              data-testid="class-code"
              sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 16, fontWeight: 700, letterSpacing: 1.5 }}
            />
            <Tooltip title={t('classes.copyCode')}>
              <IconButton aria-label={t('classes.copyCode')} onClick={() => void copyCode(selected.code)}>
                <ContentCopyIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        )}
      </Paper>

      {classes.isError && <Alert severity="error">{errorText(classes.error)}</Alert>}
      {classes.data && list.length === 0 && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={() => setDialog('create')}>
              {t('classes.createButton')}
            </Button>
          }
        >
          {t('classes.empty')}
        </Alert>
      )}

      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            px: 1,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {mode === 'student' || mode === 'teacher' ? (
            <Tabs
              value={mode}
              onChange={(_event, value: Mode) => setMode(value)}
              aria-label={t('classes.tabsLabel')}
              sx={{
                flex: { xs: '1 1 100%', sm: '0 1 auto' },
                '& .MuiTab-root': { textTransform: 'none', fontWeight: 600, fontSize: 15, flex: { xs: 1, sm: 'none' } },
              }}
            >
              <Tab value="student" label={t('classes.tabStudents')} />
              <Tab value="teacher" label={t('classes.tabTeachers')} />
            </Tabs>
          ) : (
            <Button startIcon={<ArrowBackIcon />} onClick={() => setMode(mode === 'addTeacher' ? 'teacher' : 'student')} sx={{ my: 0.75 }}>
              {t('classes.back')}
            </Button>
          )}
          <Box sx={{ py: 1, pr: 1 }}>
            <Badge color="error" badgeContent={selected?.requestCount ?? 0} overlap="rectangular">
              <Button
                variant="outlined"
                endIcon={<ExpandMoreIcon />}
                onClick={(event) => setMenuAnchor(event.currentTarget)}
                aria-haspopup="menu"
                aria-expanded={!!menuAnchor}
                aria-controls={menuAnchor ? 'add-student-menu' : undefined}
              >
                {t('classes.addMenu')}
              </Button>
            </Badge>
            <Menu id="add-student-menu" anchorEl={menuAnchor} open={!!menuAnchor} onClose={() => setMenuAnchor(null)}>
              {canChangeStudents && <MenuItem onClick={() => switchMode('addStudent')}>{t('classes.findStudent')}</MenuItem>}
              <MenuItem onClick={() => switchMode('addTeacher')}>{t('classes.findTeacher')}</MenuItem>
              <MenuItem onClick={() => switchMode('approve')}>
                {selected?.requestCount ? t('classes.approveCount', { count: selected.requestCount }) : t('classes.approve')}
              </MenuItem>
              {canChangeStudents && <MenuItem onClick={() => openInvite('email')}>{t('classes.inviteEmail')}</MenuItem>}
              {canChangeStudents && <MenuItem onClick={() => openInvite('csv')}>{t('classes.inviteCsv')}</MenuItem>}
              {selected && (
                <MenuItem component={Link} to={`${paths.signInCards}?classId=${selected.id}`}>
                  {t('cards.menu')}
                </MenuItem>
              )}
            </Menu>
          </Box>
        </Box>
        {selected ? (
          <>
            {mode === 'student' && <EnrolledStudents cls={selected} onOpen={setProfileId} />}
            {mode === 'teacher' && <EnrolledTeachers cls={selected} />}
            {mode === 'addStudent' && <FindStudents cls={selected} />}
            {mode === 'addTeacher' && <FindTeachers cls={selected} onAdded={() => setMode('teacher')} />}
            {mode === 'approve' && <ApproveRequests cls={selected} />}
          </>
        ) : (
          <Typography color="text.secondary" sx={{ p: 3 }}>
            {t('classes.noneSelected')}
          </Typography>
        )}
      </Paper>
      {selected && (
        <Box sx={{ mt: 3 }}>
          <NotYetPanel classId={selected.id} />
        </Box>
      )}

      <ClassNameDialog open={dialog === 'create'} mode="create" busy={create.isPending} onSubmit={createClass} onClose={() => setDialog(null)} />
      <ClassNameDialog
        open={dialog === 'rename'}
        mode="rename"
        initialName={selected?.name ?? ''}
        busy={rename.isPending}
        onSubmit={renameClass}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('classes.deleteTitle', { name: selected?.name ?? '' })}
        message={t('classes.deleteMessage')}
        confirmLabel={t('classes.delete')}
        destructive
        busy={remove.isPending}
        onConfirm={deleteClass}
        onCancel={() => setDialog(null)}
      />
      {selected && (
        <InviteStudentsDialog
          open={invite !== null}
          classId={selected.id}
          className={selected.name}
          initialTab={invite ?? 'email'}
          onClose={() => setInvite(null)}
        />
      )}
      {profileId && <StudentDetailDialog studentId={profileId} open onClose={() => setProfileId(null)} />}
    </Box>
  );
}
