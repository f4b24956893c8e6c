import { Paper, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

/** One titled block of the settings screens. */
export function Section({ title, help, children }: { title: string; help?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, mb: 2.5 }}>
      <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 700, mb: help ? 0.5 : 2 }}>
        {title}
      </Typography>
      {help && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {help}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
