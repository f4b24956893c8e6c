import type { ClassStudent } from '@high5/contract';
import SearchIcon from '@mui/icons-material/Search';
import { Box, InputAdornment, LinearProgress, TableCell, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { gradeLabel } from '../../../components/give';
import { classroomKeys } from '../api';

/* Pieces the views of a class share. */

/** Header cells, and cells a phone has no room for. */
export const headCell = { fontWeight: 700 } as const;
export const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } } as const;

export function Loading({ show }: { show: boolean }) {
  const { t } = useTranslation();
  return <Box sx={{ height: 4 }}>{show && <LinearProgress aria-label={t('loading')} />}</Box>;
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <Typography color="text.secondary" sx={{ p: 3 }}>
      {children}
    </Typography>
  );
}

export function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: classroomKeys.all });
}

export function StudentCells({ s }: { s: ClassStudent }) {
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

export function SearchField({ value, onChange, label }: { value: string; onChange: (value: string) => void; label: string }) {
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
