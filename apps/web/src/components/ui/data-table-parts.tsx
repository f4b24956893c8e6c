import { PAGE_SIZES as SIZES } from '@high5/contract';
import { Box, Checkbox, MenuItem, TablePagination, TextField } from '@mui/material';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/* Pieces of the one table (data-table.tsx): the phone's "Sort by" select, the pages, the selection checkboxes. */

/** The contract's page sizes, which the server checks (25, 50, 100). */
export const PAGE_SIZES: number[] = [...SIZES];

/** Which rows are picked, by key (a checkbox column; on phones, a checkbox on each card). */
export interface TableSelection<T> {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** The name of a row's checkbox ("Select Sofia Diaz"). */
  rowLabel: (row: T) => string;
  /** The name of the checkbox that picks every row the search finds. */
  allLabel: string;
  /** Rows that may be picked (default: all); the others show no checkbox. */
  canSelect?: (row: T) => boolean;
}

export function SelectBox({
  checked,
  indeterminate,
  label,
  onChange,
}: {
  checked: boolean;
  indeterminate?: boolean;
  label: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Checkbox
      checked={checked}
      indeterminate={indeterminate}
      onClick={(event: MouseEvent) => event.stopPropagation()}
      onChange={(_event, value) => onChange(value)}
      slotProps={{ input: { 'aria-label': label } }}
    />
  );
}

export function SortSelect({
  columns,
  sort,
  dir,
  onSort,
}: {
  columns: { id: string; header: string; numeric?: boolean; date?: boolean }[];
  sort: string;
  dir: 'asc' | 'desc';
  onSort: (column: string, dir: 'asc' | 'desc') => void;
}) {
  const { t } = useTranslation('common');
  return (
    <TextField
      select
      size="small"
      label={t('table.sortBy')}
      value={`${sort}:${dir}`}
      onChange={(e) => {
        const [column, next] = e.target.value.split(':') as [string, 'asc' | 'desc'];
        onSort(column, next);
      }}
      sx={{ flex: '1 1 100%' }}
    >
      {columns.flatMap((c) => [
        <MenuItem key={`${c.id}:asc`} value={`${c.id}:asc`}>
          {t(c.date ? 'table.oldestFirst' : c.numeric ? 'table.fewestFirst' : 'table.ascending', { column: c.header })}
        </MenuItem>,
        <MenuItem key={`${c.id}:desc`} value={`${c.id}:desc`}>
          {t(c.date ? 'table.newestFirst' : c.numeric ? 'table.mostFirst' : 'table.descending', { column: c.header })}
        </MenuItem>,
      ])}
    </TextField>
  );
}

export function Pager({
  id,
  sizes,
  total,
  page,
  pageSize,
  onChange,
}: {
  id: string;
  sizes: number[];
  total: number;
  page: number;
  pageSize: number;
  onChange: (page: number, pageSize: number) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
      <TablePagination
        component="div"
        count={total}
        page={Math.min(page, Math.max(0, Math.ceil(total / pageSize) - 1))}
        onPageChange={(_e, next) => onChange(next, pageSize)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={sizes}
        onRowsPerPageChange={(e) => onChange(0, Number(e.target.value))}
        labelRowsPerPage={t('table.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('table.displayed', { from, to, count })}
        getItemAriaLabel={(type) => t(`table.${type}Page`)}
        slotProps={{ select: { id: `${id}-per-page` } }}
        // On phones the sizes and the page buttons take a line each rather than run off the card.
        sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 0.5, pl: { xs: 1, sm: 2 }, pr: { xs: 1, sm: 0.25 } } }}
      />
    </Box>
  );
}
