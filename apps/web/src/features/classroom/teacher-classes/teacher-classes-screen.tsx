import type { ClassItem, ClassStudent } from '@high5/contract';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Autocomplete,
  Badge,
  Box,
  Button,
  Checkbox,
  Chip,
  IconButton,
  InputAdornment,
  LinearProgress,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInMe } from '../../../app/session';
import { gradeLabel } from '../../../components/give';
import { StudentDetailDialog } from '../../../components/student-detail/student-detail-dialog';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useNotify } from '../../../components/ui/notifications';
import { PageTitle } from '../../../components/ui/page-title';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { api, classroomKeys, e } from '../api';
import { useDebounced } from '../components/use-debounced';
import { ClassNameDialog } from './class-name-dialog';
import { InviteStudentsDialog, type InviteTab } from './invite-students-dialog';

/** The view modes of spec 002 section 4.1. */
type Mode = 'student' | 'teacher' | 'addStudent' | 'addTeacher' | 'approve';
const CREATE_CLASS_FLAG = 'showCreateClassPopup';

const headCell = { fontWeight: 700 } as const;
const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * Teacher classes (/teacher-classes, spec 002 section 2.1): pick a class, see its code,
 * its students and its teachers; find and add students, approve requests, invite by
 * e-mail or CSV, add or remove substitute teachers; create, rename and delete classes.
 */
export default function TeacherClassesScreen() {
  const { t } = useTranslation('classroom');
  const me = useSignedInMe();
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const queryClient = useQueryClient();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('student');
  const [dialog, setDialog] = useState<null | 'create' | 'rename' | 'delete'>(null);
  const [invite, setInvite] = useState<InviteTab | null>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [profileId, setProfileId] = useState<string | null>(null);
  // The server's refusal of a class name (a duplicate) is shown on the name field, not as a toast.
  const [nameError, setNameError] = useState<string | null>(null);

  const classes = useQuery({ queryKey: classroomKeys.classes(), queryFn: () => api(e.classList) });
  const list = useMemo(() => classes.data ?? [], [classes.data]);
  const selected = list.find((c) => c.id === selectedId) ?? null;

  // After the list loads, the first class is selected when none is (spec 002 section 4.1).
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

  const refreshClass = () => queryClient.invalidateQueries({ queryKey: classroomKeys.classes() });
  const nameRefused = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'CLASS_NAME_TAKEN') setNameError(errorText(error));
    else notify('error', errorText(error));
  };
  const openDialog = (next: 'create' | 'rename' | 'delete' | null) => {
    setNameError(null);
    setDialog(next);
  };

  const create = useMutation({
    mutationFn: (name: string) => api(e.classCreate, { body: { name } }),
    onSuccess: async (cls) => {
      notify('success', t('classes.created', { name: cls.name }));
      setDialog(null);
      // The new class joins the cached list before it is selected: otherwise the effect above
      // finds no such class and selects the first one (teachers then added students to the wrong class).
      queryClient.setQueryData<ClassItem[]>(classroomKeys.classes(), (old) => [...(old ?? []).filter((c) => c.id !== cls.id), cls]);
      setSelectedId(cls.id);
      setMode('student');
      await refreshClass();
    },
    onError: nameRefused,
  });
  const rename = useMutation({
    mutationFn: (name: string) => api(e.classRename, { params: { classId: selected!.id }, body: { name } }),
    onSuccess: async () => {
      notify('success', t('classes.renamed'));
      setDialog(null);
      await refreshClass();
    },
    onError: nameRefused,
  });
  const remove = useMutation({
    mutationFn: () => api(e.classDelete, { params: { classId: selected!.id } }),
    onSuccess: async () => {
      notify('success', t('classes.deleted'));
      setDialog(null);
      setSelectedId(null);
      setMode('student');
      await refreshClass();
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

  return (
    <Box>
      <PageTitle
        subtitle={t('classes.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => openDialog('create')}>
            {t('classes.createButton')}
          </Button>
        }
      >
        {t('classes.title')}
      </PageTitle>

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
          groupBy={me.isAdmin ? (c) => (c.teaches ? t('classes.groupMine') : t('classes.groupSchool')) : undefined}
          renderOption={(props, c) => {
            const { key, ...rest } = props as typeof props & { key: string };
            return (
              <li key={key} {...rest}>
                <ListItemText primary={c.name} secondary={c.teaches ? t('classes.studentCount', { count: c.studentCount }) : `${c.ownerName} · ${t('classes.studentCount', { count: c.studentCount })}`} />
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
              <IconButton aria-label={t('classes.rename')} disabled={!selected} onClick={() => openDialog('rename')}>
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
            <Chip label={selected.code} data-testid="class-code" sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 16, fontWeight: 700, letterSpacing: 1.5 }} />
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
        <Alert severity="info" sx={{ mb: 2 }} action={<Button color="inherit" onClick={() => openDialog('create')}>{t('classes.createButton')}</Button>}>
          {t('classes.empty')}
        </Alert>
      )}

      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 1, borderBottom: 1, borderColor: 'divider' }}>
          {mode === 'student' || mode === 'teacher' ? (
            <Tabs value={mode} onChange={(_event, value: Mode) => setMode(value)} aria-label={t('classes.tabsLabel')} sx={{ flex: { xs: '1 1 100%', sm: '0 1 auto' }, '& .MuiTab-root': { textTransform: 'none', fontWeight: 600, fontSize: 15, flex: { xs: 1, sm: 'none' } } }}>
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
              <Button variant="outlined" endIcon={<ExpandMoreIcon />} onClick={(event) => setMenuAnchor(event.currentTarget)} aria-haspopup="menu" aria-expanded={!!menuAnchor} aria-controls={menuAnchor ? 'add-student-menu' : undefined}>
                {t('classes.addMenu')}
              </Button>
            </Badge>
            <Menu id="add-student-menu" anchorEl={menuAnchor} open={!!menuAnchor} onClose={() => setMenuAnchor(null)}>
              <MenuItem onClick={() => switchMode('addStudent')}>{t('classes.findStudent')}</MenuItem>
              <MenuItem onClick={() => switchMode('addTeacher')}>{t('classes.findTeacher')}</MenuItem>
              <MenuItem onClick={() => switchMode('approve')}>{selected?.requestCount ? t('classes.approveCount', { count: selected.requestCount }) : t('classes.approve')}</MenuItem>
              <MenuItem onClick={() => openInvite('email')}>{t('classes.inviteEmail')}</MenuItem>
              <MenuItem onClick={() => openInvite('csv')}>{t('classes.inviteCsv')}</MenuItem>
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

      <ClassNameDialog open={dialog === 'create'} mode="create" busy={create.isPending} error={nameError} onEdit={() => setNameError(null)} onSubmit={(name) => create.mutate(name)} onClose={() => setDialog(null)} />
      <ClassNameDialog
        open={dialog === 'rename'}
        mode="rename"
        initialName={selected?.name ?? ''}
        busy={rename.isPending}
        error={nameError}
        onEdit={() => setNameError(null)}
        onSubmit={(name) => rename.mutate(name)}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('classes.deleteTitle', { name: selected?.name ?? '' })}
        message={t('classes.deleteMessage')}
        confirmLabel={t('classes.delete')}
        destructive
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setDialog(null)}
      />
      {selected && (
        <InviteStudentsDialog
          open={invite !== null}
          classId={selected.id}
          className={selected.name}
          initialTab={invite ?? 'email'}
          onClose={() => setInvite(null)}
          onDone={() => void queryClient.invalidateQueries({ queryKey: classroomKeys.all })}
        />
      )}
      {profileId && <StudentDetailDialog studentId={profileId} open onClose={() => setProfileId(null)} />}
    </Box>
  );
}

function Loading({ show }: { show: boolean }) {
  const { t } = useTranslation();
  return <Box sx={{ height: 4 }}>{show && <LinearProgress aria-label={t('loading')} />}</Box>;
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Typography color="text.secondary" sx={{ p: 3 }}>
      {children}
    </Typography>
  );
}

function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: classroomKeys.all });
}

function StudentCells({ s }: { s: ClassStudent }) {
  const { t } = useTranslation('classroom');
  return (
    <>
      <TableCell sx={{ wordBreak: 'break-word' }}>
        <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
          {s.name}
        </Typography>
        {!s.registered && (
          <Typography component="span" variant="body2" color="text.secondary">
            {t('classes.notRegistered')}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ ...hideOnPhone, wordBreak: 'break-all' }}>{s.email ?? '—'}</TableCell>
      <TableCell sx={{ width: 80 }}>{gradeLabel(s.grade, t)}</TableCell>
    </>
  );
}

function EnrolledStudents({ cls, onOpen }: { cls: ClassItem; onOpen: (id: string) => void }) {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const refresh = useRefreshAll();
  const [removing, setRemoving] = useState<ClassStudent | null>(null);
  const students = useQuery({ queryKey: classroomKeys.classStudents(cls.id), queryFn: () => api(e.classStudents, { params: { classId: cls.id } }) });
  const remove = useMutation({
    mutationFn: (studentId: string) => api(e.classRemoveStudent, { params: { classId: cls.id, studentId } }),
    onSuccess: async () => {
      notify('success', t('classes.studentRemoved', { name: removing?.name ?? '' }));
      setRemoving(null);
      await refresh();
    },
    onError: (error) => {
      setRemoving(null);
      notify('error', errorText(error));
    },
  });
  const rows = students.data ?? [];
  return (
    <>
      <Loading show={students.isFetching} />
      {students.isError ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorText(students.error)}
        </Alert>
      ) : students.data && rows.length === 0 ? (
        <Empty>{t('classes.noStudents')}</Empty>
      ) : (
        <TableContainer>
          <Table aria-label={t('classes.studentsTable', { name: cls.name })}>
            <TableHead>
              <TableRow>
                <TableCell sx={headCell}>{t('columns.name')}</TableCell>
                <TableCell sx={{ ...headCell, ...hideOnPhone }}>{t('columns.email')}</TableCell>
                <TableCell sx={headCell}>{t('columns.grade')}</TableCell>
                <TableCell sx={{ ...headCell, width: 72 }} align="right">
                  {t('columns.remove')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((s) => (
                <TableRow
                  key={s.id}
                  hover
                  tabIndex={0}
                  aria-label={t('classes.openProfile', { name: s.name })}
                  onClick={() => onOpen(s.id)}
                  onKeyDown={(event) => {
                    if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
                      event.preventDefault();
                      onOpen(s.id);
                    }
                  }}
                  sx={{ cursor: 'pointer', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 } }}
                >
                  <StudentCells s={s} />
                  <TableCell align="right" onClick={(event) => event.stopPropagation()}>
                    <Tooltip title={t('classes.removeStudent', { name: s.name })}>
                      <IconButton aria-label={t('classes.removeStudent', { name: s.name })} onClick={() => setRemoving(s)} onKeyDown={(event) => event.stopPropagation()}>
                        <PersonRemoveOutlinedIcon />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ConfirmDialog
        open={!!removing}
        title={t('classes.removeStudentTitle', { name: removing?.name ?? '', className: cls.name })}
        confirmLabel={t('classes.removeConfirm')}
        destructive
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}

function EnrolledTeachers({ cls }: { cls: ClassItem }) {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const refresh = useRefreshAll();
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const teachers = useQuery({ queryKey: classroomKeys.teachers(cls.id), queryFn: () => api(e.classTeachers, { params: { classId: cls.id } }) });
  const remove = useMutation({
    mutationFn: (teacherId: string) => api(e.classRemoveTeacher, { params: { classId: cls.id, teacherId } }),
    onSuccess: async () => {
      notify('success', t('classes.teacherRemoved', { name: removing?.name ?? '' }));
      setRemoving(null);
      await refresh();
    },
    onError: (error) => {
      setRemoving(null);
      notify('error', errorText(error));
    },
  });
  return (
    <>
      <Loading show={teachers.isFetching} />
      {teachers.isError ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorText(teachers.error)}
        </Alert>
      ) : (
        <TableContainer>
          <Table aria-label={t('classes.teachersTable', { name: cls.name })}>
            <TableHead>
              <TableRow>
                <TableCell sx={headCell}>{t('columns.name')}</TableCell>
                <TableCell sx={{ ...headCell, ...hideOnPhone }}>{t('columns.email')}</TableCell>
                <TableCell sx={{ ...headCell, width: 72 }} align="right">
                  {t('columns.remove')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(teachers.data ?? []).map((teacher) => (
                <TableRow key={teacher.id}>
                  <TableCell sx={{ wordBreak: 'break-word' }}>
                    <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                      {teacher.name}
                    </Typography>
                    <Typography component="span" variant="body2" color="text.secondary">
                      {teacher.isOwner ? t('classes.owner') : t('classes.substitute')}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ ...hideOnPhone, wordBreak: 'break-all' }}>{teacher.email ?? '—'}</TableCell>
                  <TableCell align="right">
                    <Tooltip title={teacher.disableRemove ? t('classes.ownerCannotBeRemoved') : t('classes.removeTeacher', { name: teacher.name })}>
                      <span>
                        <IconButton aria-label={t('classes.removeTeacher', { name: teacher.name })} disabled={teacher.disableRemove} onClick={() => setRemoving(teacher)}>
                          <PersonRemoveOutlinedIcon />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ConfirmDialog
        open={!!removing}
        title={t('classes.removeTeacherTitle', { name: removing?.name ?? '', className: cls.name })}
        confirmLabel={t('classes.removeConfirm')}
        destructive
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}

function SearchField({ value, onChange, label }: { value: string; onChange: (value: string) => void; label: string }) {
  return (
    <TextField
      type="search"
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value.slice(0, 100))}
      sx={{ flex: '1 1 240px', maxWidth: { sm: 380 } }}
      slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon aria-hidden /></InputAdornment> } }}
    />
  );
}

function FindStudents({ cls }: { cls: ClassItem }) {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const refresh = useRefreshAll();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const candidates = useQuery({ queryKey: classroomKeys.candidates(cls.id, q), queryFn: () => api(e.classStudentCandidates, { params: { classId: cls.id }, query: q ? { search: q } : {} }) });
  const add = useMutation({
    mutationFn: () => api(e.classEnrol, { params: { classId: cls.id }, body: { studentIds: [...picked] } }),
    onSuccess: async (result) => {
      notify('success', t('classes.studentsAdded', { count: result.enrolled, className: cls.name }));
      setPicked(new Set());
      await refresh();
    },
    onError: (error) => notify('error', errorText(error)),
  });
  const rows = candidates.data ?? [];
  const toggle = (id: string) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, alignItems: 'center' }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, flex: '1 1 100%' }}>
          {t('classes.findStudentTitle', { name: cls.name })}
        </Typography>
        <SearchField value={search} onChange={setSearch} label={t('classes.searchStudents')} />
        {picked.size > 0 && (
          <Button variant="contained" onClick={() => add.mutate()} disabled={add.isPending}>
            {t('classes.addSelected', { count: picked.size })}
          </Button>
        )}
      </Box>
      <Loading show={candidates.isFetching} />
      {candidates.isError ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorText(candidates.error)}
        </Alert>
      ) : candidates.data && rows.length === 0 ? (
        <Empty>{q ? t('classes.noMatches') : t('classes.noCandidates')}</Empty>
      ) : (
        <TableContainer>
          <Table aria-label={t('classes.findStudentTitle', { name: cls.name })}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={rows.length > 0 && rows.every((r) => picked.has(r.id))}
                    indeterminate={rows.some((r) => picked.has(r.id)) && !rows.every((r) => picked.has(r.id))}
                    onChange={(_event, checked) => setPicked(checked ? new Set(rows.map((r) => r.id)) : new Set())}
                    slotProps={{ input: { 'aria-label': t('classes.selectAll') } }}
                  />
                </TableCell>
                <TableCell sx={headCell}>{t('columns.name')}</TableCell>
                <TableCell sx={{ ...headCell, ...hideOnPhone }}>{t('columns.email')}</TableCell>
                <TableCell sx={headCell}>{t('columns.grade')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((s) => (
                <TableRow key={s.id} hover selected={picked.has(s.id)} onClick={() => toggle(s.id)} sx={{ cursor: 'pointer' }}>
                  <TableCell padding="checkbox">
                    <Checkbox checked={picked.has(s.id)} onClick={(event) => event.stopPropagation()} onChange={() => toggle(s.id)} slotProps={{ input: { 'aria-label': t('classes.selectStudent', { name: s.name }) } }} />
                  </TableCell>
                  <StudentCells s={s} />
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}

function FindTeachers({ cls, onAdded }: { cls: ClassItem; onAdded: () => void }) {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const refresh = useRefreshAll();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const candidates = useQuery({ queryKey: classroomKeys.teacherCandidates(cls.id, q), queryFn: () => api(e.classTeacherCandidates, { params: { classId: cls.id }, query: q ? { search: q } : {} }) });
  const add = useMutation({
    mutationFn: (teacher: { id: string; name: string }) => api(e.classAddTeacher, { params: { classId: cls.id }, body: { teacherId: teacher.id } }),
    onSuccess: async (_result, teacher) => {
      notify('success', t('classes.teacherAdded', { name: teacher.name, className: cls.name }));
      await refresh();
      onAdded();
    },
    onError: (error) => notify('error', errorText(error)),
  });
  const rows = candidates.data ?? [];
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, alignItems: 'center' }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, flex: '1 1 100%' }}>
          {t('classes.findTeacherTitle', { name: cls.name })}
        </Typography>
        <SearchField value={search} onChange={setSearch} label={t('classes.searchTeachers')} />
      </Box>
      <Loading show={candidates.isFetching} />
      {candidates.data && rows.length === 0 ? (
        <Empty>{q ? t('classes.noMatches') : t('classes.noTeacherCandidates')}</Empty>
      ) : (
        <TableContainer>
          <Table aria-label={t('classes.findTeacherTitle', { name: cls.name })}>
            <TableHead>
              <TableRow>
                <TableCell sx={headCell}>{t('columns.name')}</TableCell>
                <TableCell sx={{ ...headCell, ...hideOnPhone }}>{t('columns.email')}</TableCell>
                <TableCell sx={{ ...headCell, width: 120 }} align="right">
                  {t('columns.action')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((teacher) => (
                <TableRow key={teacher.id} hover>
                  <TableCell sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{teacher.name}</TableCell>
                  <TableCell sx={{ ...hideOnPhone, wordBreak: 'break-all' }}>{teacher.email ?? '—'}</TableCell>
                  <TableCell align="right">
                    <Button size="small" variant="outlined" aria-label={t('classes.addTeacherNamed', { name: teacher.name })} disabled={add.isPending} onClick={() => add.mutate(teacher)}>
                      {t('classes.addTeacher')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}

function ApproveRequests({ cls }: { cls: ClassItem }) {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const refresh = useRefreshAll();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const requests = useQuery({ queryKey: classroomKeys.requests(cls.id), queryFn: () => api(e.classRequests, { params: { classId: cls.id } }) });
  const decide = useMutation({
    mutationFn: (enroll: boolean) => api(e.classDecideRequests, { params: { classId: cls.id }, body: { studentIds: [...picked], enroll } }),
    onSuccess: async (result, enroll) => {
      if (result.failedStudentIds.length > 0) notify('warning', t('classes.approveFailed', { count: result.failedStudentIds.length }));
      else notify('success', t(enroll ? 'classes.approved' : 'classes.rejected', { count: picked.size }));
      setPicked(new Set());
      await refresh();
    },
    onError: (error) => notify('error', errorText(error)),
  });
  const rows = requests.data ?? [];
  const toggle = (id: string) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 2, alignItems: 'center' }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, flex: '1 1 auto' }}>
          {t('classes.requestsTitle', { name: cls.name })}
        </Typography>
        <Button variant="contained" disabled={picked.size === 0 || decide.isPending} onClick={() => decide.mutate(true)}>
          {t('classes.approveSelected', { count: picked.size })}
        </Button>
        <Button color="error" variant="outlined" disabled={picked.size === 0 || decide.isPending} onClick={() => decide.mutate(false)}>
          {t('classes.rejectSelected')}
        </Button>
      </Box>
      <Loading show={requests.isFetching} />
      {requests.data && rows.length === 0 ? (
        <Empty>{t('classes.noRequests')}</Empty>
      ) : (
        <TableContainer>
          <Table aria-label={t('classes.requestsTitle', { name: cls.name })}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={rows.length > 0 && rows.every((r) => picked.has(r.id))}
                    onChange={(_event, checked) => setPicked(checked ? new Set(rows.map((r) => r.id)) : new Set())}
                    slotProps={{ input: { 'aria-label': t('classes.selectAll') } }}
                  />
                </TableCell>
                <TableCell sx={headCell}>{t('columns.name')}</TableCell>
                <TableCell sx={{ ...headCell, ...hideOnPhone }}>{t('columns.email')}</TableCell>
                <TableCell sx={headCell}>{t('columns.grade')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((s) => (
                <TableRow key={s.id} hover selected={picked.has(s.id)} onClick={() => toggle(s.id)} sx={{ cursor: 'pointer' }}>
                  <TableCell padding="checkbox">
                    <Checkbox checked={picked.has(s.id)} onClick={(event) => event.stopPropagation()} onChange={() => toggle(s.id)} slotProps={{ input: { 'aria-label': t('classes.selectStudent', { name: s.name }) } }} />
                  </TableCell>
                  <StudentCells s={s} />
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
