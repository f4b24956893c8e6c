import { formatDate, type Dashboard } from '@high5/contract';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import PanToolOutlinedIcon from '@mui/icons-material/PanToolOutlined';
import { Alert, Box, Button, Link, Paper, Skeleton, Typography } from '@mui/material';
import { Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { useSignedInMe } from '../../../app/session';
import { useNotify } from '../../../components/ui/notifications';
import { PageTitle } from '../../../components/ui/page-title';
import { SchoolYearPicker } from '../../../components/ui/school-year-picker';
import { lazyWithNamespaces } from '../../../lib/i18n';
import { useErrorText } from '../../../lib/use-error-text';
import { monthAndYear, monthName } from '../reports/months';
import { useDashboard } from './api';
import { BoxCarousel } from './box-carousel';
import { ChartCard } from './chart-card';
import { HandBox } from './hand-box';

type CountKey = 'high5Given' | 'high5Received' | 'vibeGiven' | 'vibeReceived';

/** A report link for one month: `/highfivereport?month=2026-09`. */
export const reportHref = (kind: 'high5' | 'vibe', month: string) => `${kind === 'high5' ? paths.high5Report : paths.vibeReport}?month=${month}`;

function CountBox({
  label,
  value,
  icon,
  tone,
  footer,
}: {
  label: string;
  value: number | null;
  icon: ReactNode;
  tone: 'primary' | 'secondary';
  footer?: ReactNode;
}) {
  const { t, i18n } = useTranslation('recognition');
  return (
    <Paper
      variant="outlined"
      sx={{ position: 'relative', p: 2.5, borderRadius: 3, display: 'flex', flexDirection: 'column', gap: 0.5, minHeight: 176, height: '100%' }}
    >
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          top: 16,
          right: 16,
          width: 40,
          height: 40,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: tone === 'primary' ? '#f3e5f5' : '#e0f2f1',
          color: `${tone}.main`,
        }}
      >
        {icon}
      </Box>
      {/* The number shows first, the heading is read first. */}
      <Typography component="h2" variant="subtitle1" sx={{ order: 2, fontWeight: 700, lineHeight: 1.3 }}>
        {label}
      </Typography>
      {value === null ? (
        <>
          <FlagOutlinedIcon sx={{ order: 1, fontSize: 40, my: '4px', color: 'text.secondary' }} aria-hidden />
          <Typography variant="body2" color="text.secondary" sx={{ order: 3 }}>
            {t('dashboard.hidden')}
          </Typography>
        </>
      ) : (
        <Typography sx={{ order: 1, fontSize: 40, fontWeight: 800, lineHeight: 1.2, color: `${tone}.main` }} data-testid="count">
          {new Intl.NumberFormat(i18n.language).format(value)}
        </Typography>
      )}
      {footer && <Box sx={{ order: 4, mt: 'auto', pt: 1 }}>{footer}</Box>}
    </Paper>
  );
}

/**
 * The dashboard (docs/rules/recognition.md#dashboard): High 5s and Positive Vibes given and received, the 'get handy'
 * box, and the two monthly charts of the school year. Everything comes from one request.
 */
export default function DashboardScreen() {
  const { t, i18n } = useTranslation('recognition');
  const me = useSignedInMe();
  const notify = useNotify();
  const navigate = useNavigate();
  const errorText = useErrorText('recognition');
  const [year, setYear] = useState<string | null>(null);
  const dashboard = useDashboard(year);
  const d = dashboard.data;
  const canGive = me.role !== 'superAdmin';

  const points = useMemo(() => {
    if (!d) return null;
    const build = (high5: CountKey, vibe: CountKey) =>
      d.months.map((m) => ({
        month: m.month,
        label: monthName(m.month, i18n.language),
        longLabel: monthAndYear(m.month, i18n.language),
        high5: m[high5] ?? 0,
        vibe: m[vibe] ?? 0,
      }));
    return { given: build('high5Given', 'vibeGiven'), received: build('high5Received', 'vibeReceived') };
  }, [d, i18n.language]);

  const title = t('dashboard.title');
  if (dashboard.isError) {
    return (
      <Box>
        <PageTitle>{title}</PageTitle>
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void dashboard.refetch()}>
              {t('give.retry')}
            </Button>
          }
        >
          {errorText(dashboard.error)}
        </Alert>
      </Box>
    );
  }

  return (
    <Box>
      <PageTitle
        subtitle={d ? t('dashboard.subtitle', { from: formatDate(d.schoolYear.from, i18n.language), to: formatDate(d.schoolYear.to, i18n.language) }) : ' '}
      >
        {title}
      </PageTitle>
      {me.role !== 'superAdmin' && (
        <Box sx={{ mb: 2 }}>
          <SchoolYearPicker value={year} onChange={(y) => setYear(y?.from ?? null)} />
        </Box>
      )}
      {d ? <Boxes d={d} canGive={canGive} /> : <Skeleton variant="rounded" height={168} />}
      {me.role === 'teacher' && (
        <Box sx={{ mt: 3 }}>
          <Suspense fallback={<Skeleton variant="rounded" height={120} />}>
            <NotYetPanel />
          </Suspense>
        </Box>
      )}
      {d && !d.receivedVisible && (
        <Alert severity="info" icon={<FlagOutlinedIcon />} sx={{ mt: 2 }}>
          {t('dashboard.hiddenNote')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: d?.receivedVisible === false ? '1fr' : '1fr 1fr' }, gap: 2, mt: 3 }}>
        {points && d ? (
          <>
            <ChartCard
              title={t('dashboard.charts.given')}
              points={points.given}
              hrefFor={null}
              hint={t('dashboard.charts.givenHint')}
              onMonth={() => notify('info', t('errors.GIVEN_CANNOT_BE_VIEWED'))}
            />
            {d.receivedVisible && (
              <ChartCard
                title={t('dashboard.charts.received')}
                points={points.received}
                hrefFor={(index, kind) => reportHref(kind, d.months[index]!.month)}
                hint={t('dashboard.charts.receivedHint')}
                onMonth={(index) => void navigate(reportHref('high5', d.months[index]!.month))}
              />
            )}
          </>
        ) : (
          <>
            <Skeleton variant="rounded" height={340} />
            <Skeleton variant="rounded" height={340} />
          </>
        )}
      </Box>
    </Box>
  );
}

function Boxes({ d, canGive }: { d: Dashboard; canGive: boolean }) {
  const { t } = useTranslation('recognition');
  const [builderOpen, setBuilderOpen] = useState(false);
  const reportLink = (kind: 'high5' | 'vibe') =>
    d.receivedVisible ? (
      <Link
        component={RouterLink}
        to={kind === 'high5' ? paths.high5Report : paths.vibeReport}
        aria-label={t(kind === 'high5' ? 'dashboard.viewHigh5Report' : 'dashboard.viewVibeReport')}
        sx={{ fontWeight: 600 }}
      >
        {t('dashboard.viewReport')}
      </Link>
    ) : undefined;
  const boxes = [
    <CountBox key="h5g" label={t('dashboard.boxes.high5Given')} value={d.totals.high5Given} icon={<PanToolOutlinedIcon aria-hidden />} tone="primary" />,
    <CountBox
      key="h5r"
      label={t('dashboard.boxes.high5Received')}
      value={d.totals.high5Received}
      icon={<PanToolOutlinedIcon aria-hidden />}
      tone="primary"
      footer={reportLink('high5')}
    />,
    <CountBox key="vg" label={t('dashboard.boxes.vibeGiven')} value={d.totals.vibeGiven} icon={<FavoriteBorderIcon aria-hidden />} tone="secondary" />,
    <CountBox
      key="vr"
      label={t('dashboard.boxes.vibeReceived')}
      value={d.totals.vibeReceived}
      icon={<FavoriteBorderIcon aria-hidden />}
      tone="secondary"
      footer={reportLink('vibe')}
    />,
  ];
  if (canGive) boxes.push(<HandBox key="hand" onOpen={() => setBuilderOpen(true)} />);
  return (
    <>
      <BoxCarousel label={t('dashboard.totalsLabel')}>{boxes}</BoxCarousel>
      {builderOpen && (
        <Suspense fallback={null}>
          <AvatarBuilderDialog open onClose={() => setBuilderOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

// three.js, the builder and its profile catalog load only when the box is used.
const AvatarBuilderDialog = lazyWithNamespaces(() => import('../avatar/avatar-builder-dialog'), ['profile']);
// Teachers only: a student's dashboard does not load the list or its give dialogs.
const NotYetPanel = lazyWithNamespaces(() => import('../../../components/not-yet/not-yet-panel'), ['recognition']);
