import BarChartIcon from '@mui/icons-material/BarChart';
import TableRowsOutlinedIcon from '@mui/icons-material/TableRowsOutlined';
import {
  Box,
  CircularProgress,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '../../../components/give/labels';
import type { ChartPoint } from './month-chart';

const MonthChart = lazy(() => import('./month-chart'));

export interface ChartCardProps {
  title: string;
  points: ChartPoint[];
  /** A month's link (the received chart opens its report), or null (the given chart). */
  hrefFor: ((index: number, kind: 'high5' | 'vibe') => string) | null;
  onMonth: (index: number) => void;
  hint: string;
}

/**
 * A chart of the school year with its accessible twin: a summary for screen readers and a
 * table view (the same numbers, with the report links) that anyone can switch to.
 */
export function ChartCard({ title, points, hrefFor, onMonth, hint }: ChartCardProps) {
  const { t } = useTranslation('recognition');
  const headingId = useId();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const high5 = points.reduce((sum, p) => sum + p.high5, 0);
  const vibes = points.reduce((sum, p) => sum + p.vibe, 0);
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <ToggleButtonGroup size="small" exclusive value={view} onChange={(_e, next) => next && setView(next)} aria-label={t('dashboard.charts.view')}>
          <ToggleButton value="chart" aria-label={t('dashboard.charts.showChart')} title={t('dashboard.charts.showChart')} sx={{ px: 1.25 }}>
            <BarChartIcon fontSize="small" />
          </ToggleButton>
          <ToggleButton value="table" aria-label={t('dashboard.charts.showTable')} title={t('dashboard.charts.showTable')} sx={{ px: 1.25 }}>
            <TableRowsOutlinedIcon fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <Typography sx={visuallyHidden}>{t('dashboard.charts.summary', { title, high5, vibes })}</Typography>
      {view === 'chart' ? (
        <>
          <Suspense
            fallback={
              <Box sx={{ height: 280, display: 'grid', placeItems: 'center' }}>
                <CircularProgress size={28} aria-label={t('dashboard.charts.loading')} />
              </Box>
            }
          >
            <MonthChart data={points} high5Label={t('kinds.high5Plural')} vibeLabel={t('kinds.vibePlural')} onMonth={onMonth} />
          </Suspense>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {hint}
          </Typography>
        </>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 700 }}>{t('dashboard.charts.month')}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  {t('kinds.high5Plural')}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  {t('kinds.vibePlural')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {points.map((p, index) => (
                <TableRow key={p.month}>
                  <TableCell component="th" scope="row">
                    {p.longLabel}
                  </TableCell>
                  <TableCell align="right">
                    {hrefFor ? (
                      <Link component={RouterLink} to={hrefFor(index, 'high5')} aria-label={`${t('report.high5Title')}, ${p.longLabel}: ${p.high5}`}>
                        {p.high5}
                      </Link>
                    ) : (
                      p.high5
                    )}
                  </TableCell>
                  <TableCell align="right">
                    {hrefFor ? (
                      <Link component={RouterLink} to={hrefFor(index, 'vibe')} aria-label={`${t('report.vibeTitle')}, ${p.longLabel}: ${p.vibe}`}>
                        {p.vibe}
                      </Link>
                    ) : (
                      p.vibe
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
