import { Box, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartPoint {
  month: string;
  label: string;
  /** "October 2026", for the table view. */
  longLabel: string;
  high5: number;
  vibe: number;
}

/**
 * One column chart of the school year (High 5 and Vibe series per month), kept in its own
 * lazy chunk with Recharts. It is hidden from assistive technology: the card around it
 * gives a summary and a table view with the same numbers.
 */
export default function MonthChart({ data, high5Label, vibeLabel, onMonth }: { data: ChartPoint[]; high5Label: string; vibeLabel: string; onMonth: (index: number) => void }) {
  const theme = useTheme();
  // Twelve labels do not fit a phone: every other month is named there.
  const narrow = useMediaQuery('(max-width:599px)', { noSsr: true });
  return (
    <Box aria-hidden sx={{ width: '100%', height: 280, cursor: 'pointer', '& .recharts-surface:focus': { outline: 'none' } }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data}
          margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          accessibilityLayer={false}
          onClick={(state) => {
            const index = Number(state?.activeTooltipIndex);
            if (Number.isInteger(index) && index >= 0 && index < data.length) onMonth(index);
          }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={theme.palette.divider} />
          <XAxis dataKey="label" tick={{ fill: theme.palette.text.secondary, fontSize: 12 }} interval={narrow ? 1 : 0} tickLine={false} />
          <YAxis allowDecimals={false} tick={{ fill: theme.palette.text.secondary, fontSize: 12 }} tickLine={false} axisLine={false} />
          <Tooltip cursor={{ fill: theme.palette.action.hover }} />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Bar dataKey="high5" name={high5Label} fill={theme.palette.primary.main} radius={[4, 4, 0, 0]} maxBarSize={22} isAnimationActive={false} />
          <Bar dataKey="vibe" name={vibeLabel} fill={theme.palette.secondary.main} radius={[4, 4, 0, 0]} maxBarSize={22} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
