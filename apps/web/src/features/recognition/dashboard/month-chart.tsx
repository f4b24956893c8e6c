import { Box, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useEffect, useRef, useState } from 'react';

export interface ChartPoint {
  month: string;
  label: string;
  /** "October 2026", for the table view. */
  longLabel: string;
  high5: number;
  vibe: number;
}

const HEIGHT = 250;
const PAD = { top: 8, right: 8, bottom: 24, left: 32 };

/** A tick step of 1, 2 or 5 times a power of ten, for about four grid lines. */
function tickStep(max: number) {
  const rough = Math.max(1, max / 4);
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= rough)!;
}

/**
 * One column chart of the school year (High 5 and Vibe series per month), drawn in SVG so that no
 * chart library loads with the dashboard. It is hidden from assistive technology: the card around
 * it gives a summary and a table view with the same numbers. A click on a month opens it.
 */
export default function MonthChart({
  data,
  high5Label,
  vibeLabel,
  onMonth,
}: {
  data: ChartPoint[];
  high5Label: string;
  vibeLabel: string;
  onMonth: (index: number) => void;
}) {
  const theme = useTheme();
  // Twelve labels do not fit a phone: every other month is named there.
  const narrow = useMediaQuery('(max-width:599px)', { noSsr: true });
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const max = Math.max(0, ...data.map((p) => Math.max(p.high5, p.vibe)));
  const step = tickStep(max);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  const plotWidth = Math.max(0, width - PAD.left - PAD.right);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = data.length ? plotWidth / data.length : 0;
  const bar = Math.min(22, Math.max(2, (slot - 6) / 2));
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const text = { fill: theme.palette.text.secondary, fontSize: 12, fontFamily: theme.typography.fontFamily };
  const series = [
    { key: 'high5' as const, label: high5Label, color: theme.palette.primary.main },
    { key: 'vibe' as const, label: vibeLabel, color: theme.palette.secondary.main },
  ];

  return (
    <Box aria-hidden sx={{ width: '100%' }}>
      <Box ref={ref} sx={{ width: '100%', height: HEIGHT }}>
        {width > 0 && (
          <svg width={width} height={HEIGHT} role="presentation">
            <g data-testid="chart-grid">
              {ticks.map((tick) => (
                <line
                  key={tick}
                  x1={PAD.left}
                  x2={width - PAD.right}
                  y1={y(tick)}
                  y2={y(tick)}
                  stroke={theme.palette.divider}
                  strokeDasharray={tick ? '3 3' : undefined}
                />
              ))}
            </g>
            {ticks.map((tick) => (
              <text key={tick} x={PAD.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" {...text}>
                {tick}
              </text>
            ))}
            {data.map((point, index) => {
              const x = PAD.left + index * slot;
              return (
                <g key={point.month} onClick={() => onMonth(index)} style={{ cursor: 'pointer' }}>
                  <title>{`${point.longLabel}: ${high5Label} ${point.high5}, ${vibeLabel} ${point.vibe}`}</title>
                  <rect x={x} y={PAD.top} width={slot} height={plotHeight} fill="transparent" />
                  {series.map((s, i) => (
                    <rect
                      key={s.key}
                      x={x + slot / 2 - bar - 1 + i * (bar + 2)}
                      y={y(point[s.key])}
                      width={bar}
                      height={y(0) - y(point[s.key])}
                      rx={Math.min(4, bar / 2)}
                      fill={s.color}
                    />
                  ))}
                  {(!narrow || index % 2 === 0) && (
                    <text x={x + slot / 2} y={HEIGHT - 6} textAnchor="middle" {...text}>
                      {point.label}
                    </text>
                  )}
                </g>
              );
            })}
          </svg>
        )}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'center', gap: 2, fontSize: 13, mt: 0.5 }}>
        {series.map((s) => (
          <Box key={s.key} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: s.color }}>
            <Box component="span" sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: s.color }} />
            {s.label}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
