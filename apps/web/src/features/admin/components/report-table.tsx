import { Box, ButtonBase, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Column<T> {
  key: string;
  label: string;
  value: (row: T) => ReactNode;
  numeric?: boolean;
  /** Hidden on narrow screens (the first column repeats what matters). */
  wide?: boolean;
}

/**
 * A report's rows, a page at a time. When `onOpen` is given, the first cell of each row is a
 * button (keyboard and screen reader) and a click anywhere on the row opens it too.
 */
export function ReportTable<T>({
  rows,
  columns,
  rowKey,
  caption,
  onOpen,
  openLabel,
  canOpen,
  empty,
  subline,
}: {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  caption: string;
  onOpen?: (row: T) => void;
  openLabel?: (row: T) => string;
  canOpen?: (row: T) => boolean;
  empty: string;
  /** Shown under the first cell on narrow screens. */
  subline?: (row: T) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  useEffect(() => setPage(0), [rows]);
  if (rows.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderRadius: 3, color: 'text.secondary' }}>
        {empty}
      </Paper>
    );
  }
  const shown = rows.slice(page * perPage, page * perPage + perPage);
  const [first, ...rest] = columns;
  const openOf = (row: T) => (onOpen && (!canOpen || canOpen(row)) ? () => onOpen(row) : undefined);
  const nameCell = (row: T, open: (() => void) | undefined) =>
    open ? (
      <ButtonBase
        onClick={(event) => {
          event.stopPropagation();
          open();
        }}
        aria-label={openLabel?.(row)}
        sx={{ font: 'inherit', fontWeight: 600, color: 'primary.main', textAlign: 'left', borderRadius: 1, textDecoration: 'underline', textUnderlineOffset: 3, '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
      >
        {first!.value(row)}
      </ButtonBase>
    ) : (
      <Typography component="span" sx={{ fontWeight: 600 }}>
        {first!.value(row)}
      </Typography>
    );
  // Narrow screens: one card per row, the numbers as label and value pairs.
  const numbers = rest.filter((c) => !c.wide);
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      {narrow ? (
        <Box component="ul" aria-label={caption} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {shown.map((row, index) => {
            const open = openOf(row);
            return (
              <Box component="li" key={rowKey(row)} onClick={open} sx={{ px: 2, py: 1.5, borderTop: index ? 1 : 0, borderColor: 'divider', cursor: open ? 'pointer' : 'default' }}>
                {nameCell(row, open)}
                {subline && (
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {subline(row)}
                  </Typography>
                )}
                <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 2, rowGap: 0.5 }}>
                  {numbers.map((c) => (
                    <Box key={c.key} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, minWidth: 0 }}>
                      <Typography component="dt" variant="body2" color="text.secondary">
                        {c.label}
                      </Typography>
                      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                        {c.value(row)}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </Box>
            );
          })}
        </Box>
      ) : (
      <TableContainer>
        <Table size="small" aria-label={caption}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.numeric ? 'right' : 'left'} sx={{ fontWeight: 700, py: 1.25, ...(c.wide ? { display: { xs: 'none', md: 'table-cell' } } : {}) }}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => {
              const open = openOf(row);
              return (
                <TableRow key={rowKey(row)} hover={!!open} onClick={open} sx={{ cursor: open ? 'pointer' : 'default' }}>
                  <TableCell sx={{ py: 1.25 }}>
                    {nameCell(row, open)}
                    {subline && (
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: { xs: 'block', md: 'none' }, overflowWrap: 'anywhere' }}>
                        {subline(row)}
                      </Typography>
                    )}
                  </TableCell>
                  {rest.map((c) => (
                    <TableCell key={c.key} align={c.numeric ? 'right' : 'left'} sx={{ py: 1.25, overflowWrap: 'anywhere', ...(c.numeric ? { fontVariantNumeric: 'tabular-nums' } : {}), ...(c.wide ? { display: { xs: 'none', md: 'table-cell' } } : {}) }}>
                      {c.value(row)}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      )}
      {rows.length > 25 && (
        <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
          <TablePagination
            component="div"
            count={rows.length}
            page={page}
            onPageChange={(_e, p) => setPage(p)}
            rowsPerPage={perPage}
            rowsPerPageOptions={[25, 50, 100]}
            onRowsPerPageChange={(e) => {
              setPerPage(Number(e.target.value));
              setPage(0);
            }}
            labelRowsPerPage={t('table.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) => t('table.displayed', { from, to, count })}
            getItemAriaLabel={(type) => t(`table.${type}Page`)}
          />
        </Box>
      )}
    </Paper>
  );
}
