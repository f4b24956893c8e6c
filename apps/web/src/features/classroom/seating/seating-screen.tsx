import { CLASSROOM_LIMITS, type PresetFlag, type SeatingChart, type SeatingStudent } from '@high5/contract';
import { Alert, Box, LinearProgress, Paper, useMediaQuery, type Theme } from '@mui/material';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInMe } from '../../../app/session';
import { StudentDetailDialog } from '../../../components/student-detail/student-detail-dialog';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useNotify } from '../../../components/ui/notifications';
import { PageTitle } from '../../../components/ui/page-title';
import { useErrorText } from '../../../lib/use-error-text';
import { showDate, todayIso } from '../components/dates';
import { downloadBlob } from '../../../lib/download';
import { useDeleteChart, useSaveChart, useSeatingPreset } from './api';
import { chartFileName, renderChartPng } from './export-chart';
import { CardFace, DraggableCard, NAME_LINE, useCardLabel, type CardState, type CardTap } from './seat-grid';
import { ClassAndChartPickers, GridField, NoClasses, NotYetToggle, SeatingLegend } from './seating-controls';
import { ChartActions, ShapeControls } from './seating-toolbar';
import { EmergencyDialog, ExportImageDialog, ModifiedDialog, TitleDialog, type ImageOptions } from './seating-dialogs';
import { ChartEditor } from './seating-editor';
import { useTaughtClasses, useSeatingData } from './seating-data';
import { useFittedCardSize, useLeaveGuard, useNotYetMarker, useRemembered } from './seating-hooks';
import { PrintChart, usePrintSheet } from './print-chart';
import { useNotYet } from '../../../components/not-yet/api';
import { cardSize, defaultChartName, draftLayout, dropStudent, minimumGrid, pickRandom, sameLayout, unseated, type Layout } from './seating-state';

// Shown on demand (Take attendance), with its date pickers (48 KB): not in the chart's first load
// (docs/decisions/0530). Fetched when the button is pointed at or focused, or pressed.
const loadAttendanceView = () => import('./attendance-view').then((m) => ({ default: m.AttendanceView }));
const AttendanceView = lazy(loadAttendanceView);

const DRAFT = 'draft';

const chartLayout = (chart: SeatingChart): Layout => ({ rows: chart.rows, cols: chart.cols, deskDirection: chart.deskDirection, seats: chart.seats });

/**
 * The seating chart (/seatingchart, docs/rules/classroom.md#seating-chart): a class's charts with
 * drag and drop, random selection, a PNG export, presets for paid schools, today's moods
 * (refreshed every 30 s) with the glowing emergency emoji, and the attendance view.
 */
export default function SeatingScreen() {
  const { t } = useTranslation('classroom');
  const me = useSignedInMe();
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const remembered = useRemembered(me.id);

  const classes = useTaughtClasses();
  const { mine } = classes;
  const [classId, setClassId] = useState<string | null>(null);
  const [chartId, setChartId] = useState<string | null>(null);
  const [layout, setLayout] = useState<Layout | null>(null);
  const [baseline, setBaseline] = useState<Layout | null>(null);
  const [mode, setMode] = useState<'chart' | 'attendance'>('chart');
  const [picks, setPicks] = useState<{ current: string | null; previous: string[] }>({ current: null, previous: [] });
  const [titleDialog, setTitleDialog] = useState<null | 'new' | 'update'>(null);
  const [imageDialog, setImageDialog] = useState(false);
  const printing = usePrintSheet();
  const [markNotYet, setMarkNotYet] = useNotYetMarker();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [pending, setPending] = useState<null | (() => void)>(null);
  const [emergencyFor, setEmergencyFor] = useState<SeatingStudent | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const loadedKey = useRef<string | null>(null);
  const gridBox = useRef<HTMLDivElement>(null);
  const attendanceButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  // The class: remembered, else the first the teacher teaches.
  useEffect(() => {
    if (!classes.loaded) return;
    if (classId && mine.some((c) => c.id === classId)) return;
    const saved = remembered.read().classId;
    setClassId(mine.find((c) => c.id === saved)?.id ?? mine[0]?.id ?? null);
  }, [classes.loaded, mine, classId, remembered]);

  const seating = useSeatingData(classId);
  const { data, students, charts, moods, moodById, byId } = seating;
  // The "not yet" list of the dashboard, fetched only while its marker is on.
  const notYet = useNotYet(classId ?? undefined, markNotYet && !!classId);
  const notYetIds = new Set(markNotYet ? (notYet.data?.notYet.map((s) => s.id) ?? []) : []);

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
  // The strip of students without a seat stays in view under the grid: its title and a row of cards.
  const fitted = useFittedCardSize(gridBox, {
    rows: layout?.rows ?? 2,
    cols: layout?.cols ?? 2,
    deskDirection: layout?.deskDirection ?? 0,
    below: 90 + (waiting.length > 0 ? CLASSROOM_LIMITS.seatCardMin + NAME_LINE : 20),
  });
  const size = fitted ?? (layout ? cardSize(window.innerWidth, window.innerHeight, layout.rows, layout.cols) : CLASSROOM_LIMITS.seatCardDefault);
  const cardLabel = useCardLabel();

  /** Runs `action` now, or after asking to save the modified chart (docs/rules/classroom.md#seating-chart). */
  const guard = (action: () => void) => {
    if (modified) setPending(() => action);
    else action();
  };

  // Leaving by a link of the app asks the same question; reloading or closing gets the browser's prompt.
  const blocker = useLeaveGuard(modified && mode === 'chart');
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  useEffect(() => {
    if (blocker.state === 'blocked') setPending(() => () => blockerRef.current.proceed?.());
  }, [blocker.state]);
  const stay = () => {
    setPending(null);
    if (blockerRef.current.state === 'blocked') blockerRef.current.reset?.();
  };

  // Focus goes back to Take attendance when the attendance view closes (saved or not).
  useEffect(() => {
    if (mode === 'chart' && returnFocus.current) {
      returnFocus.current = false;
      attendanceButton.current?.focus();
    }
  }, [mode]);

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

  const saveChart = useSaveChart(classId, (chart) => {
    notify('success', t('seating.saved', { name: chart.name }));
    remembered.write((r) => ({ ...r, charts: { ...r.charts, [classId!]: chart.id } }));
    const saved = chartLayout(chart);
    loadedKey.current = `${classId}:${chart.id}`;
    setChartId(chart.id);
    setLayout(saved);
    setBaseline(saved);
    setTitleDialog(null);
  });
  const save = (name: string, asNew: boolean) =>
    saveChart.mutate(
      { chartId: asNew || isDraft ? null : chartId, name, layout: layout! },
      {
        onSuccess: () => {
          const next = pending;
          setPending(null);
          next?.();
        },
        onError: (error) => notify('error', t('seating.saveFailed', { reason: errorText(error) })),
      },
    );
  const deleteChart = useDeleteChart(classId, () => {
    notify('success', t('seating.deleted'));
    setConfirmDelete(false);
    remembered.write((r) => {
      const next = { ...r.charts };
      delete next[classId!];
      return { ...r, charts: next };
    });
  });
  // The next chart is chosen once the list is reloaded, among those that still exist.
  const removeChart = () =>
    deleteChart.mutate(chartId!, {
      onSuccess: () => {
        loadedKey.current = null;
        setChartId(null);
      },
      onError: (error) => {
        setConfirmDelete(false);
        notify('error', t('seating.deleteFailed', { reason: errorText(error) }));
      },
    });
  const preset = useSeatingPreset(classId);
  const applyPreset = (flag: PresetFlag, spread: boolean) => {
    const fits = layout && layout.rows * layout.cols >= students.length;
    preset.mutate(
      { flag, spread, grid: fits ? { rows: layout.rows, cols: layout.cols } : null },
      {
        onSuccess: (result) => {
          setLayout((l) => ({ deskDirection: l?.deskDirection ?? 0, ...result }));
          notify('info', t('seating.presetApplied'));
        },
        onError: (error) => notify('error', errorText(error)),
      },
    );
  };

  const onDrop = (studentId: string, target: string) => {
    if (!layout) return;
    const result = dropStudent(layout.seats, studentId, target);
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

  const exportImage = async (options: ImageOptions) => {
    if (!layout || !data) return;
    setImageDialog(false);
    try {
      const blob = await renderChartPng({
        title: `${data.className} · ${current?.name ?? t('seating.unsavedChart')}`,
        subtitle: showDate(todayIso()),
        deskLabel: t('seating.desk'),
        layout,
        students,
        moods,
        ...options,
      });
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

  const minimum = layout ? minimumGrid(layout.seats) : { rows: 1, cols: 1 };
  const gridField = (dimension: 'rows' | 'cols') => {
    const occupied = t(dimension === 'rows' ? 'seating.rowNotEmpty' : 'seating.colNotEmpty');
    return (
      <GridField
        key={`${classId}:${chartId}:${dimension}`}
        label={t(`seating.${dimension}`)}
        value={layout?.[dimension] ?? 1}
        minimum={minimum[dimension]}
        occupiedMessage={occupied}
        disabled={!layout || mode !== 'chart'}
        onChange={(value) => setLayout((l) => (l ? { ...l, [dimension]: value } : l))}
        onOccupied={() => notify('info', occupied)}
      />
    );
  };

  const cardState = (id: string): CardState => ({
    mood: moodById.get(id),
    pick: picks.current === id ? 'current' : picks.previous.includes(id) ? 'previous' : null,
    notYet: notYetIds.has(id),
  });
  const renderCard = (student: SeatingStudent, tap: CardTap | undefined) => (
    <DraggableCard
      key={student.id}
      student={student}
      state={cardState(student.id)}
      size={size}
      label={cardLabel(student, moodById.get(student.id), notYetIds.has(student.id))}
      tap={tap}
      onOpen={() => setDetailId(student.id)}
      onEmergency={() => setEmergencyFor(student)}
    />
  );

  // From 1200 px the controls are a side panel; the notice about saving goes there. (Hooks come
  // before the early return below: a teacher without classes rendered fewer hooks than before.)
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  if (classes.loaded && mine.length === 0) return <NoClasses />;

  const status = (isDraft || modified) && mode === 'chart' && (
    <Alert severity={modified ? 'warning' : 'info'}>{isDraft ? t('seating.draftNotice') : t('seating.modifiedNotice')}</Alert>
  );

  return (
    <Box>
      <PageTitle subtitle={t('seating.subtitle')}>{t('seating.title')}</PageTitle>
      {/* From 1200 px the controls are a side panel, so the grid and the strip get the height. */}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '300px minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ borderRadius: 3, p: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
          <ClassAndChartPickers
            classes={mine}
            classId={classId}
            charts={charts}
            chartId={chartId}
            draftId={DRAFT}
            loaded={!!data}
            onClass={selectClass}
            onChart={selectChart}
          />
          {mode === 'chart' && (
            <>
              <ChartActions
                stacked
                disabled={!layout}
                canUpdate={!isDraft}
                canDelete={!!current}
                highlightUpdate={modified && !isDraft}
                attendanceRef={attendanceButton}
                onRandom={random}
                onImage={() => setImageDialog(true)}
                onPrint={printing.ask}
                onAttendance={takeAttendance}
                onAttendanceIntent={() => void loadAttendanceView()}
                onSaveAsNew={() => setTitleDialog('new')}
                onUpdate={() => setTitleDialog(isDraft ? 'new' : 'update')}
                onDelete={() => setConfirmDelete(true)}
              />
              <ShapeControls
                rows={gridField('rows')}
                cols={gridField('cols')}
                deskDirection={layout?.deskDirection ?? 0}
                disabled={!layout}
                presetsAvailable={!!data?.presetsAvailable}
                presetBusy={preset.isPending}
                onDesk={(deskDirection) => setLayout((l) => (l ? { ...l, deskDirection } : l))}
                onPreset={applyPreset}
              />
            </>
          )}
          {mode === 'chart' && <NotYetToggle on={markNotYet} onChange={setMarkNotYet} />}
          {wide && status}
          <SeatingLegend compact={size < 80} notYet={markNotYet} />
        </Paper>

        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ height: 4, mb: 1 }}>{(seating.fetching || classes.fetching) && <LinearProgress aria-label={t('common:loading')} />}</Box>
          {seating.error && <Alert severity="error">{errorText(seating.error)}</Alert>}
          {!wide && status && <Box sx={{ mb: 2 }}>{status}</Box>}

          {layout && data && mode === 'attendance' && (
            <Suspense fallback={<LinearProgress aria-label={t('common:loading')} />}>
              <AttendanceView
                key={`${classId}:${chartId}`}
                classId={classId!}
                className={data.className}
                layout={layout}
                students={students}
                moods={moods}
                size={size}
                onClose={() => {
                  returnFocus.current = true;
                  setMode('chart');
                }}
              />
            </Suspense>
          )}
          {layout && data && mode === 'chart' && (
            <ChartEditor
              ref={gridBox}
              layout={layout}
              size={size}
              byId={byId}
              waiting={waiting}
              label={t('seating.gridLabel', { name: current?.name ?? t('seating.unsavedChart') })}
              renderCard={renderCard}
              renderDragged={(student) => <CardFace student={student} mood={moodById.get(student.id)} size={size} pick={null} />}
              onDrop={onDrop}
            />
          )}
        </Box>
      </Box>

      <ExportImageDialog open={imageDialog} busy={false} onExport={(options) => void exportImage(options)} onCancel={() => setImageDialog(false)} />
      <ExportImageDialog open={printing.asking} busy={false} purpose="print" onExport={printing.print} onCancel={printing.cancel} />
      {layout && data && mode === 'chart' && (
        <PrintChart
          title={t('seating.print.heading', { className: data.className, chartName: current?.name ?? t('seating.unsavedChart') })}
          date={showDate(todayIso())}
          layout={layout}
          byId={byId}
          moodById={moodById}
          options={printing.options}
        />
      )}
      <TitleDialog
        open={titleDialog !== null}
        mode={titleDialog ?? 'new'}
        initial={titleDialog === 'update' ? (current?.name ?? '') : ''}
        busy={saveChart.isPending}
        onCancel={() => {
          setTitleDialog(null);
          stay();
        }}
        onSave={(name) => {
          let title = name.trim();
          if (!title) {
            notify('info', t('seating.titleEmpty'));
            title = defaultChartName(
              t('seating.defaultName'),
              charts.map((c) => c.name),
            );
          }
          save(title, titleDialog === 'new');
        }}
      />
      <ModifiedDialog
        open={pending !== null && titleDialog === null}
        busy={saveChart.isPending}
        onSave={() => (isDraft ? setTitleDialog('new') : save(current!.name, false))}
        onDiscard={() => {
          const next = pending;
          setPending(null);
          if (baseline) setLayout(baseline);
          loadedKey.current = null;
          next?.();
        }}
        onCancel={stay}
      />
      <ConfirmDialog
        open={confirmDelete}
        title={t('seating.deleteTitle', { name: current?.name ?? '' })}
        message={t('seating.deleteMessage')}
        confirmLabel={t('seating.delete')}
        destructive
        busy={deleteChart.isPending}
        onConfirm={removeChart}
        onCancel={() => setConfirmDelete(false)}
      />
      <EmergencyDialog classId={classId} student={emergencyFor} onClose={() => setEmergencyFor(null)} />
      {detailId && <StudentDetailDialog studentId={detailId} open onClose={() => setDetailId(null)} />}
    </Box>
  );
}
