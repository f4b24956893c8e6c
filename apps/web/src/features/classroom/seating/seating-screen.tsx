import { CLASSROOM_LIMITS, type DeskDirection, type PresetFlag, type SeatingChart, type SeatingStudent } from '@high5/contract';
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import AutoAwesomeMosaicOutlinedIcon from '@mui/icons-material/AutoAwesomeMosaicOutlined';
import CasinoOutlinedIcon from '@mui/icons-material/CasinoOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import RotateRightIcon from '@mui/icons-material/RotateRight';
import SaveAsOutlinedIcon from '@mui/icons-material/SaveAsOutlined';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  LinearProgress,
  ListSubheader,
  Menu,
  MenuItem,
  Paper,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths';
import { useSignedInMe } from '../../../app/session';
import { StudentDetailDialog } from '../../../components/student-detail/student-detail-dialog';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useNotify } from '../../../components/ui/notifications';
import { PageTitle } from '../../../components/ui/page-title';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { showDate } from '../../../lib/dates';
import { useErrorText } from '../../../lib/use-error-text';
import { api, classroomKeys, e } from '../api';
import { downloadBlob } from '../../../lib/download';
import { MOOD_COLOURS } from '../components/moods';
import { AttendanceView } from './attendance-view';
import { chartFileName, renderChartPng } from './export-chart';
import { CardFace, Classroom, DraggableCard, FLAG_STYLES, GRID_GAP, NAME_LINE, Seat, UnseatedStrip, useCardLabel, type CardState } from './seat-grid';
import { cardSize, defaultChartName, draftLayout, dropStudent, minimumGrid, parseSeat, pickRandom, sameLayout, seatKey, unseated, type Layout } from './seating-state';

const DRAFT = 'draft';
const DIRECTIONS: DeskDirection[] = [0, 90, 180, 270];

interface Remembered {
  classId?: string;
  charts?: Record<string, string>;
}

/** The selected class and chart, kept in local storage per user (spec 002 section 4.5). */
function useRemembered(userId: string) {
  const key = `high5.seating.${userId}`;
  const read = useCallback((): Remembered => {
    try {
      return (JSON.parse(localStorage.getItem(key) ?? '{}') as Remembered) ?? {};
    } catch {
      return {};
    }
  }, [key]);
  const write = useCallback((patch: (r: Remembered) => Remembered) => localStorage.setItem(key, JSON.stringify(patch(read()))), [key, read]);
  return useMemo(() => ({ read, write }), [read, write]);
}

function useWindowSize() {
  const [size, setSize] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  useEffect(() => {
    const onResize = () => setSize({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

const chartLayout = (chart: SeatingChart): Layout => ({ rows: chart.rows, cols: chart.cols, deskDirection: chart.deskDirection, seats: chart.seats });

/**
 * The seating chart (/seatingchart, spec 002 sections 2.11 and 4.5): a class's charts with
 * drag and drop, random selection, a PNG export, presets for paid schools, today's moods
 * (refreshed every 30 s) with the glowing emergency emoji, and the attendance view.
 */
export default function SeatingScreen() {
  const { t } = useTranslation('classroom');
  const me = useSignedInMe();
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const queryClient = useQueryClient();
  const remembered = useRemembered(me.id);
  const windowSize = useWindowSize();

  const classes = useQuery({ queryKey: classroomKeys.classes(), queryFn: () => api(e.classList) });
  const mine = useMemo(() => (classes.data ?? []).filter((c) => c.teaches), [classes.data]);
  const [classId, setClassId] = useState<string | null>(null);
  const [chartId, setChartId] = useState<string | null>(null);
  const [layout, setLayout] = useState<Layout | null>(null);
  const [baseline, setBaseline] = useState<Layout | null>(null);
  const [mode, setMode] = useState<'chart' | 'attendance'>('chart');
  const [picks, setPicks] = useState<{ current: string | null; previous: string[] }>({ current: null, previous: [] });
  const [titleDialog, setTitleDialog] = useState<null | 'new' | 'update'>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [pending, setPending] = useState<null | (() => void)>(null);
  const [emergencyFor, setEmergencyFor] = useState<SeatingStudent | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [presetAnchor, setPresetAnchor] = useState<HTMLElement | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const loadedKey = useRef<string | null>(null);

  // The class: remembered, else the first the teacher teaches.
  useEffect(() => {
    if (!classes.data) return;
    if (classId && mine.some((c) => c.id === classId)) return;
    const saved = remembered.read().classId;
    setClassId(mine.find((c) => c.id === saved)?.id ?? mine[0]?.id ?? null);
  }, [classes.data, mine, classId, remembered]);

  const seating = useQuery({ queryKey: classroomKeys.seating(classId ?? ''), queryFn: () => api(e.seating, { params: { classId: classId! } }), enabled: !!classId });
  const moodsQuery = useQuery({
    queryKey: classroomKeys.seatingMoods(classId ?? ''),
    queryFn: () => api(e.seatingMoods, { params: { classId: classId! }, background: true }),
    enabled: !!classId && !!seating.data,
    refetchInterval: CLASSROOM_LIMITS.moodRefreshMs,
    refetchIntervalInBackground: false,
    staleTime: CLASSROOM_LIMITS.moodRefreshMs,
  });
  const data = seating.data && seating.data.classId === classId ? seating.data : undefined;
  const students = useMemo(() => data?.students ?? [], [data]);
  const charts = useMemo(() => data?.charts ?? [], [data]);
  const moods = moodsQuery.data ?? data?.moods ?? [];
  const moodById = useMemo(() => new Map(moods.map((m) => [m.studentId, m])), [moods]);
  const byId = useMemo(() => new Map(students.map((s) => [s.id, s])), [students]);

  // The chart: remembered for this class, else the first, else a new draft.
  useEffect(() => {
    if (!data || !classId) return;
    const wanted = chartId ?? remembered.read().charts?.[classId] ?? charts[0]?.id ?? DRAFT;
    const chart = charts.find((c) => c.id === wanted);
    const id = chart ? chart.id : DRAFT;
    const key = `${classId}:${id}`;
    if (loadedKey.current === key) return;
    loadedKey.current = key;
    const next = chart ? chartLayout(chart) : draftLayout(students.map((s) => s.id));
    setChartId(id);
    setLayout(next);
    setBaseline(next);
    setPicks({ current: null, previous: [] });
    if (chart && unseated(students, chart.seats).length > 0) notify('info', t('seating.newStudent'));
  }, [data, classId, chartId, charts, students, remembered, notify, t]);

  // A new draft is compared with how it started: only real changes ask to be saved.
  const modified = !!layout && !!baseline && !sameLayout(layout, baseline);
  const isDraft = chartId === DRAFT;
  const current = charts.find((c) => c.id === chartId);
  const waiting = layout ? unseated(students, layout.seats) : [];
  const size = layout ? cardSize(windowSize.width, windowSize.height, layout.rows, layout.cols) : CLASSROOM_LIMITS.seatCardDefault;
  const cardLabel = useCardLabel();

  /** Runs `action` now, or after asking to save the modified chart (spec 002 section 4.5). */
  const guard = (action: () => void) => {
    if (modified) setPending(() => action);
    else action();
  };

  const selectClass = (id: string) =>
    guard(() => {
      remembered.write((r) => ({ ...r, classId: id }));
      loadedKey.current = null;
      setMode('chart');
      setChartId(null);
      setLayout(null);
      setClassId(id);
    });
  const selectChart = (id: string) =>
    guard(() => {
      if (classId && id !== DRAFT) remembered.write((r) => ({ ...r, charts: { ...r.charts, [classId]: id } }));
      loadedKey.current = null;
      setChartId(id);
    });

  const saveChart = useMutation({
    mutationFn: async ({ name, asNew }: { name: string; asNew: boolean }) => {
      const body = { name, rows: layout!.rows, cols: layout!.cols, deskDirection: layout!.deskDirection, seats: layout!.seats };
      return asNew || isDraft ? api(e.seatingCreate, { params: { classId: classId! }, body }) : api(e.seatingUpdate, { params: { classId: classId!, chartId: chartId! }, body });
    },
    onSuccess: async (chart) => {
      notify('success', t('seating.saved', { name: chart.name }));
      remembered.write((r) => ({ ...r, charts: { ...r.charts, [classId!]: chart.id } }));
      const saved = chartLayout(chart);
      loadedKey.current = `${classId}:${chart.id}`;
      setChartId(chart.id);
      setLayout(saved);
      setBaseline(saved);
      setTitleDialog(null);
      await queryClient.invalidateQueries({ queryKey: classroomKeys.seating(classId!) });
      const next = pending;
      setPending(null);
      next?.();
    },
    onError: (error) => notify('error', t('seating.saveFailed', { reason: errorText(error) })),
  });
  const deleteChart = useMutation({
    mutationFn: () => api(e.seatingDelete, { params: { classId: classId!, chartId: chartId! } }),
    onSuccess: async () => {
      notify('success', t('seating.deleted'));
      setConfirmDelete(false);
      remembered.write((r) => {
        const next = { ...r.charts };
        delete next[classId!];
        return { ...r, charts: next };
      });
      // Reload first, so the next chart is chosen among those that still exist.
      await queryClient.invalidateQueries({ queryKey: classroomKeys.seating(classId!) });
      loadedKey.current = null;
      setChartId(null);
    },
    onError: (error) => {
      setConfirmDelete(false);
      notify('error', t('seating.deleteFailed', { reason: errorText(error) }));
    },
  });
  const acknowledge = useMutation({
    mutationFn: (student: SeatingStudent) => api(e.moodAcknowledge, { params: { studentId: student.id }, body: {} }),
    onSuccess: async (_mood, student) => {
      notify('info', t('seating.acknowledged', { name: student.name }));
      setEmergencyFor(null);
      await queryClient.invalidateQueries({ queryKey: classroomKeys.seatingMoods(classId!) });
    },
    onError: (error) => {
      setEmergencyFor(null);
      notify('error', t('seating.acknowledgeFailed', { reason: errorText(error) }));
    },
  });
  const preset = useMutation({
    mutationFn: async ({ flag, spread }: { flag: PresetFlag; spread: boolean }) => {
      const fits = layout && layout.rows * layout.cols >= students.length;
      return api(e.seatingPreset, { params: { classId: classId! }, query: { flag, spread: spread ? 'true' : 'false', ...(fits ? { rows: layout!.rows, cols: layout!.cols } : {}) } });
    },
    onSuccess: (result) => {
      setLayout((l) => ({ deskDirection: l?.deskDirection ?? 0, ...result }));
      notify('info', t('seating.presetApplied'));
    },
    onError: (error) => notify('error', errorText(error)),
  });

  const onDragEnd = (event: DragEndEvent) => {
    setActiveId(null);
    if (!layout || !event.over) return;
    const result = dropStudent(layout.seats, String(event.active.id), String(event.over.id));
    if (result.ok) setLayout({ ...layout, seats: result.seats });
    else if (result.reason === 'occupied') notify('info', t('seating.cannotDrop'));
  };

  const random = () => {
    if (!layout) return;
    const next = pickRandom(Object.values(layout.seats), picks.previous);
    if (!next) notify('info', t('seating.nobodySeated'));
    else {
      setPicks({ current: next.chosen, previous: next.previous });
      notify('info', t('seating.picked', { name: byId.get(next.chosen)?.name ?? '' }));
    }
  };

  const exportImage = async () => {
    if (!layout || !data) return;
    try {
      const blob = await renderChartPng({ title: `${data.className} · ${current?.name ?? t('seating.unsavedChart')}`, subtitle: showDate(new Date()), deskLabel: t('seating.desk'), layout, students, moods });
      downloadBlob(blob, chartFileName());
      notify('success', t('seating.imageDownloaded'));
    } catch {
      notify('error', t('seating.imageFailed'));
    }
  };

  const takeAttendance = () => {
    if (charts.length === 0 || isDraft) notify('info', t('seating.creationRequired'));
    else if (modified) notify('info', t('seating.saveNotUpdated'));
    else if (waiting.length > 0) notify('info', t('seating.newStudent'));
    else setMode('attendance');
  };

  const changeGrid = (dimension: 'rows' | 'cols', raw: string) => {
    if (!layout) return;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < CLASSROOM_LIMITS.seatingGridMin || value > CLASSROOM_LIMITS.seatingGridMax) return;
    const minimum = minimumGrid(layout.seats)[dimension];
    if (value < minimum) {
      notify('info', t(dimension === 'rows' ? 'seating.rowNotEmpty' : 'seating.colNotEmpty'));
      return;
    }
    setLayout({ ...layout, [dimension]: value });
  };

  const pitchX = size + GRID_GAP - 2 + GRID_GAP;
  const pitchY = size + NAME_LINE + GRID_GAP;
  const coordinateGetter: KeyboardCoordinateGetter = useCallback(
    (event, { currentCoordinates }) => {
      const step: Record<string, [number, number]> = { ArrowRight: [pitchX, 0], ArrowLeft: [-pitchX, 0], ArrowDown: [0, pitchY], ArrowUp: [0, -pitchY] };
      const move = step[event.code];
      if (!move) return undefined;
      event.preventDefault();
      return { x: currentCoordinates.x + move[0], y: currentCoordinates.y + move[1] };
    },
    [pitchX, pitchY],
  );
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter, keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space'] } }));
  const collision: CollisionDetection = (args) => {
    const within = pointerWithin(args);
    return within.length > 0 ? within : closestCenter(args);
  };
  const where = (id: string | number | undefined) => {
    if (id === undefined) return t('seating.nowhere');
    if (id === 'strip') return t('seating.theStrip');
    const [row, col] = parseSeat(String(id));
    return t('seating.seatAt', { row: row + 1, col: col + 1 });
  };
  const nameOf = (id: string | number) => byId.get(String(id))?.name ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('seating.announce.start', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) => t('seating.announce.over', { name: nameOf(active.id), place: where(over?.id) }),
    onDragEnd: ({ active, over }) => t('seating.announce.end', { name: nameOf(active.id), place: where(over?.id) }),
    onDragCancel: ({ active }) => t('seating.announce.cancel', { name: nameOf(active.id) }),
  };

  const cardState = (id: string): CardState => ({ mood: moodById.get(id), pick: picks.current === id ? 'current' : picks.previous.includes(id) ? 'previous' : null });
  const renderCard = (student: SeatingStudent) => (
    <DraggableCard key={student.id} student={student} state={cardState(student.id)} size={size} label={cardLabel(student, moodById.get(student.id))} onOpen={() => setDetailId(student.id)} onEmergency={() => setEmergencyFor(student)} />
  );
  const active = activeId ? byId.get(activeId) : undefined;

  if (classes.data && mine.length === 0) {
    return (
      <Box>
        <PageTitle>{t('seating.title')}</PageTitle>
        <Alert severity="info" action={<Button component={RouterLink} to={paths.teacherClasses} color="inherit">{t('seating.goToClasses')}</Button>}>
          {t('seating.noClasses')}
        </Alert>
      </Box>
    );
  }

  return (
    <Box>
      <PageTitle subtitle={t('seating.subtitle')}>{t('seating.title')}</PageTitle>
      <Paper variant="outlined" sx={{ borderRadius: 3, p: 2, mb: 2, display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <TextField select size="small" label={t('seating.class')} value={classId ?? ''} onChange={(event) => selectClass(event.target.value)} sx={{ flex: '1 1 200px', maxWidth: { sm: 320 } }}>
            {mine.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label={t('seating.chart')} value={chartId ?? ''} onChange={(event) => selectChart(event.target.value)} sx={{ flex: '1 1 200px', maxWidth: { sm: 320 } }} disabled={!data}>
            {charts.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
            <MenuItem value={DRAFT}>{t('seating.newChart')}</MenuItem>
          </TextField>
        </Box>
        {mode === 'chart' && (
          <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, '& .MuiButton-root': { flex: { xs: '1 1 auto', sm: '0 0 auto' }, whiteSpace: 'nowrap' } }}>
            <Button variant="outlined" startIcon={<CasinoOutlinedIcon />} onClick={random} disabled={!layout || mode !== 'chart'}>
              {t('seating.random')}
            </Button>
            <Button variant="outlined" startIcon={<ImageOutlinedIcon />} onClick={() => void exportImage()} disabled={!layout}>
              {t('seating.exportImage')}
            </Button>
            <Button variant="outlined" startIcon={<FactCheckOutlinedIcon />} onClick={takeAttendance} disabled={!layout || mode !== 'chart'}>
              {t('seating.takeAttendance')}
            </Button>
            <Button variant="outlined" startIcon={<SaveAsOutlinedIcon />} onClick={() => setTitleDialog('new')} disabled={!layout || mode !== 'chart'}>
              {t('seating.saveAsNew')}
            </Button>
            <Button variant={modified && !isDraft ? 'contained' : 'outlined'} startIcon={<SaveOutlinedIcon />} onClick={() => setTitleDialog(isDraft ? 'new' : 'update')} disabled={!layout || mode !== 'chart' || isDraft}>
              {t('seating.update')}
            </Button>
            <Button variant="outlined" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setConfirmDelete(true)} disabled={!current || mode !== 'chart'}>
              {t('seating.delete')}
            </Button>
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            <TextField
              type="number"
              size="small"
              label={t('seating.rows')}
              value={layout?.rows ?? ''}
              disabled={!current || mode !== 'chart'}
              onChange={(event) => changeGrid('rows', event.target.value)}
              slotProps={{ htmlInput: { min: 1, max: CLASSROOM_LIMITS.seatingGridMax, inputMode: 'numeric' } }}
              sx={{ width: 100 }}
            />
            <TextField
              type="number"
              size="small"
              label={t('seating.cols')}
              value={layout?.cols ?? ''}
              disabled={!current || mode !== 'chart'}
              onChange={(event) => changeGrid('cols', event.target.value)}
              slotProps={{ htmlInput: { min: 1, max: CLASSROOM_LIMITS.seatingGridMax, inputMode: 'numeric' } }}
              sx={{ width: 100 }}
            />
            <TextField select size="small" label={t('seating.deskDirection')} value={layout?.deskDirection ?? 0} disabled={!layout || mode !== 'chart'} onChange={(event) => layout && setLayout({ ...layout, deskDirection: Number(event.target.value) as DeskDirection })} sx={{ width: 190 }}>
              {DIRECTIONS.map((d) => (
                <MenuItem key={d} value={d}>
                  {t(`seating.directions.${d}`)}
                </MenuItem>
              ))}
            </TextField>
            <Tooltip title={t('seating.rotate')}>
              <span>
                <IconButton aria-label={t('seating.rotate')} disabled={!layout || mode !== 'chart'} onClick={() => layout && setLayout({ ...layout, deskDirection: (((layout.deskDirection + 90) % 360) as DeskDirection) })}>
                  <RotateRightIcon />
                </IconButton>
              </span>
            </Tooltip>
            {data?.presetsAvailable && (
              <>
                <Button variant="outlined" startIcon={<AutoAwesomeMosaicOutlinedIcon />} onClick={(event) => setPresetAnchor(event.currentTarget)} disabled={!layout || mode !== 'chart' || preset.isPending} aria-haspopup="menu" aria-controls={presetAnchor ? 'preset-menu' : undefined} aria-expanded={!!presetAnchor}>
                  {t('seating.presets')}
                </Button>
                <Menu id="preset-menu" anchorEl={presetAnchor} open={!!presetAnchor} onClose={() => setPresetAnchor(null)}>
                  {(['iep', '504', 'language'] as const).flatMap((flag) => [
                    <ListSubheader key={`${flag}-h`}>{t(`seating.presetGroups.${flag}`)}</ListSubheader>,
                    ...[false, true].map((spread) => (
                      <MenuItem
                        key={`${flag}-${spread}`}
                        onClick={() => {
                          setPresetAnchor(null);
                          preset.mutate({ flag, spread });
                        }}
                      >
                        {t(spread ? 'seating.spread' : 'seating.together', { group: t(`seating.presetGroups.${flag}`) })}
                      </MenuItem>
                    )),
                  ])}
                </Menu>
            </>
          )}
        </Box>
          </>
        )}
        <Box component="ul" aria-label={t('seating.legend')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, m: 0, p: 0, listStyle: 'none', alignItems: 'center' }}>
          {(['iep', 'plan504', 'language'] as const).map((flag) => (
            <Box component="li" key={flag} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
              <Box component="span" aria-hidden sx={{ bgcolor: FLAG_STYLES[flag].bg, color: '#fff', fontSize: 12, fontWeight: 700, px: 0.75, borderRadius: 0.5 }}>
                {size >= 80 ? FLAG_STYLES[flag].label : FLAG_STYLES[flag].short}
              </Box>
              <Typography variant="body2">{t(`seating.flags.${flag}`)}</Typography>
            </Box>
          ))}
          {(['red', 'yellow', 'blue', 'green'] as const).map((group) => (
            <Box component="li" key={group} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
              <Box component="span" aria-hidden sx={{ width: 14, height: 14, borderRadius: 0.5, border: 3, borderColor: MOOD_COLOURS[group].main, bgcolor: MOOD_COLOURS[group].light }} />
              <Typography variant="body2">{t(`seating.moodGroups.${group}`)}</Typography>
            </Box>
          ))}
        </Box>
      </Paper>

      <Box sx={{ height: 4, mb: 1 }}>{(seating.isFetching || classes.isFetching) && <LinearProgress aria-label={t('common:loading')} />}</Box>
      {seating.isError && <Alert severity="error">{errorText(seating.error)}</Alert>}
      {(isDraft || modified) && mode === 'chart' && (
        <Alert severity={modified ? 'warning' : 'info'} sx={{ mb: 2 }}>
          {isDraft ? t('seating.draftNotice') : t('seating.modifiedNotice')}
        </Alert>
      )}

      {layout && data && mode === 'attendance' && (
        <AttendanceView key={`${classId}:${chartId}`} classId={classId!} className={data.className} layout={layout} students={students} moods={moods} size={size} onClose={() => setMode('chart')} />
      )}
      {layout && data && mode === 'chart' && (
        <DndContext sensors={sensors} collisionDetection={collision} onDragStart={(event) => setActiveId(String(event.active.id))} onDragCancel={() => setActiveId(null)} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: t('seating.dndHelp') } }}>
          <Box id="seating-dnd-help" sx={visuallyHidden}>
            {t('seating.dndHelp')}
          </Box>
          <Paper variant="outlined" sx={{ borderRadius: 3, mb: 2 }} component="section" aria-label={t('seating.gridLabel', { name: current?.name ?? t('seating.unsavedChart') })}>
            <Classroom
              layout={layout}
              size={size}
              renderSeat={(row, col) => {
                const id = layout.seats[seatKey(row, col)];
                const student = id ? byId.get(id) : undefined;
                return (
                  <Seat key={seatKey(row, col)} row={row} col={col} size={size}>
                    {student ? renderCard(student) : undefined}
                  </Seat>
                );
              }}
            />
          </Paper>
          <UnseatedStrip count={waiting.length}>{waiting.map(renderCard)}</UnseatedStrip>
          <DragOverlay dropAnimation={null}>{active ? <CardFace student={active} mood={moodById.get(active.id)} size={size} pick={null} /> : null}</DragOverlay>
        </DndContext>
      )}

      <TitleDialog
        open={titleDialog !== null}
        mode={titleDialog ?? 'new'}
        initial={titleDialog === 'update' ? (current?.name ?? '') : ''}
        busy={saveChart.isPending}
        onCancel={() => {
          setTitleDialog(null);
          setPending(null);
        }}
        onSave={(name) => {
          let title = name.trim();
          if (!title) {
            notify('info', t('seating.titleEmpty'));
            title = defaultChartName(t('seating.defaultName'), charts.map((c) => c.name));
          }
          saveChart.mutate({ name: title, asNew: titleDialog === 'new' });
        }}
      />
      <ModifiedDialog
        open={pending !== null && titleDialog === null}
        busy={saveChart.isPending}
        onSave={() => (isDraft ? setTitleDialog('new') : saveChart.mutate({ name: current!.name, asNew: false }))}
        onDiscard={() => {
          const next = pending;
          setPending(null);
          if (baseline) setLayout(baseline);
          loadedKey.current = null;
          next?.();
        }}
        onCancel={() => setPending(null)}
      />
      <ConfirmDialog
        open={confirmDelete}
        title={t('seating.deleteTitle', { name: current?.name ?? '' })}
        message={t('seating.deleteMessage')}
        confirmLabel={t('seating.delete')}
        destructive
        busy={deleteChart.isPending}
        onConfirm={() => deleteChart.mutate()}
        onCancel={() => setConfirmDelete(false)}
      />
      <ConfirmDialog
        open={!!emergencyFor}
        title={t('seating.emergencyTitle', { name: emergencyFor?.name ?? '' })}
        message={t('seating.emergencyMessage', { name: emergencyFor?.name ?? '' })}
        confirmLabel={t('seating.emergencyYes')}
        cancelLabel={t('seating.emergencyNo')}
        busy={acknowledge.isPending}
        onConfirm={() => emergencyFor && acknowledge.mutate(emergencyFor)}
        onCancel={() => setEmergencyFor(null)}
      />
      {detailId && <StudentDetailDialog studentId={detailId} open onClose={() => setDetailId(null)} />}
    </Box>
  );
}

function TitleDialog({ open, mode, initial, busy, onSave, onCancel }: { open: boolean; mode: 'new' | 'update'; initial: string; busy: boolean; onSave: (name: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('classroom');
  const titleId = useId();
  const [name, setName] = useState(initial);
  useEffect(() => {
    if (open) setName(initial);
  }, [open, initial]);
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSave(name);
        }}
      >
        <DialogTitle id={titleId}>{t(mode === 'new' ? 'seating.saveAsNewTitle' : 'seating.updateTitle')}</DialogTitle>
        <DialogContent>
          <TextField autoFocus fullWidth margin="dense" label={t('seating.chartTitle')} value={name} onChange={(event) => setName(event.target.value.slice(0, CLASSROOM_LIMITS.seatingNameMax))} helperText={t('seating.chartTitleHelp')} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onCancel} disabled={busy}>
            {t('common:confirm.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('seating.saveButton')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function ModifiedDialog({ open, busy, onSave, onDiscard, onCancel }: { open: boolean; busy: boolean; onSave: () => void; onDiscard: () => void; onCancel: () => void }) {
  const { t } = useTranslation('classroom');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('seating.modifiedTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('seating.modifiedMessage')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel} disabled={busy}>
          {t('common:confirm.cancel')}
        </Button>
        <Button color="error" onClick={onDiscard} disabled={busy}>
          {t('seating.discard')}
        </Button>
        <Button variant="contained" onClick={onSave} disabled={busy} autoFocus>
          {t('seating.saveChanges')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
