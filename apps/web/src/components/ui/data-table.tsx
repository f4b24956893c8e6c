import DownloadIcon from '@mui/icons-material/Download';
import {
  Box,
  Button,
  ButtonBase,
  FormControlLabel,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { getCoreRowModel, getFilteredRowModel, getPaginationRowModel, getSortedRowModel, useReactTable, type ColumnDef, type Row } from '@tanstack/react-table';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, Pager, SelectBox, SortSelect, type TableSelection } from './data-table-parts';
import { SearchField } from './search-field';
import { visuallyHidden } from './visually-hidden';

export { PAGE_SIZES, type TableSelection };

export interface DataColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** What the column sorts and searches by on this device (lists the server sends whole). */
  value?: (row: T) => string | number;
  numeric?: boolean;
  /** Sorts by an ISO date or time (`value`): "oldest first" and "newest first" on phones. */
  date?: boolean;
  /** False for columns that hold buttons. */
  sortable?: boolean;
  /** Hidden on middle-sized screens (the first column repeats what matters). */
  wide?: boolean;
  /** Text that wraps, line breaks kept (a comment): on cards, under its label. */
  long?: boolean;
}

/** The search, order and page of a table: what the server is asked for when it pages. */
export interface TableState {
  q: string;
  sort: string;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export const initialTableState = (sort = 'name'): TableState => ({ q: '', sort, dir: 'asc', page: 0, pageSize: PAGE_SIZES[0]! });

interface Props<T> {
  rows: T[];
  columns: DataColumn<T>[];
  rowKey: (row: T) => string;
  caption: string;
  empty: string;
  /** The server searches, sorts and pages: `rows` is one page of `total`. Without it, the table does all three. */
  server?: { total: number; state: TableState; onStateChange: (state: TableState) => void };
  /** False hides the search field (a list searched on the server by its own field, or too short for one). */
  searchable?: boolean;
  searchLabel?: string;
  /** What an empty search says (default: "Nobody matches …"). */
  noMatch?: (search: string) => string;
  /** The page sizes offered (default 25, 50, 100); the first is where pages start. */
  pageSizes?: number[];
  /** A checkbox on each row and one that picks every row the search finds. */
  selection?: TableSelection<T>;
  onDownload?: () => void;
  downloading?: boolean;
  downloadLabel?: string;
  onOpen?: (row: T) => void;
  openLabel?: (row: T) => string;
  canOpen?: (row: T) => boolean;
  /** Shown under the first cell on narrow screens. */
  subline?: (row: T) => ReactNode;
  /** Shown after the name in the first cell (a "You" chip). */
  badge?: (row: T) => ReactNode;
  /** The order a table without `server` starts in (default: the first column, A to Z). */
  initialSort?: { sort: string; dir: 'asc' | 'desc' };
}

/**
 * The one table of lists and reports (decision 0310), on TanStack Table: a search field, sorting
 * by any column (header buttons; a select on phones, where rows are cards), pages of 25, 50 or
 * 100, a CSV download and, with `selection`, checkboxes. With `server`, the server does search,
 * sort and paging.
 */
export function DataTable<T>(props: Props<T>) {
  const { rows, columns, rowKey, caption, empty, server, onOpen, openLabel, canOpen, subline, badge, selection } = props;
  const { t } = useTranslation('common');
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const id = useId();
  const [local, setLocal] = useState<TableState>(() => ({ ...initialTableState(columns[0]?.id), ...props.initialSort }));
  const state = server?.state ?? local;
  const setState = (next: TableState) => (server ? server.onStateChange(next) : setLocal(next));
  // The search box answers each key at once; the table follows after a short pause.
  const [text, setText] = useState(state.q);
  useEffect(() => setText(state.q), [state.q]);
  useEffect(() => {
    if (text.trim() === state.q) return;
    const timer = setTimeout(() => setState({ ...state, q: text.trim(), page: 0 }), 300);
    return () => clearTimeout(timer);
  });

  const defs = useMemo<ColumnDef<T>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        accessorFn: c.value ?? ((row: T) => String(c.cell(row) ?? '')),
        enableSorting: c.sortable !== false,
        enableGlobalFilter: c.value !== undefined,
        sortDescFirst: false,
        sortingFn: c.numeric ? 'basic' : 'alphanumeric',
      })),
    [columns],
  );
  const table = useReactTable<T>({
    data: rows,
    columns: defs,
    getRowId: (row) => rowKey(row),
    state: {
      sorting: [{ id: state.sort, desc: state.dir === 'desc' }],
      pagination: { pageIndex: state.page, pageSize: state.pageSize },
      globalFilter: state.q,
    },
    manualSorting: !!server,
    manualPagination: !!server,
    manualFiltering: !!server,
    // The page is ours (state above): TanStack resetting it when rows or columns change would re-render without end.
    autoResetPageIndex: false,
    rowCount: server?.total,
    globalFilterFn: 'includesString',
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });
  const total = server ? server.total : table.getFilteredRowModel().rows.length;
  const shown: Row<T>[] = table.getRowModel().rows;
  const sortBy = (column: string, dir?: 'asc' | 'desc') =>
    setState({ ...state, sort: column, dir: dir ?? (state.sort === column && state.dir === 'asc' ? 'desc' : 'asc'), page: 0 });
  const sortable = columns.filter((c) => c.sortable !== false);

  // Select all picks (or drops) every row the search finds, on every page; picks elsewhere stay.
  const pickable = (row: T) => selection?.canSelect?.(row) ?? true;
  const found = (server ? rows : table.getFilteredRowModel().rows.map((r) => r.original)).filter(pickable).map(rowKey);
  const allPicked = found.length > 0 && found.every((key) => selection?.selected.has(key));
  const somePicked = !allPicked && found.some((key) => selection?.selected.has(key));
  const pick = (keys: string[], on: boolean) => {
    const next = new Set(selection!.selected);
    for (const key of keys) {
      if (on) next.add(key);
      else next.delete(key);
    }
    selection!.onChange(next);
  };
  const selectAll = selection && found.length > 0 && (
    <SelectBox checked={allPicked} indeterminate={somePicked} label={selection.allLabel} onChange={(on) => pick(found, on)} />
  );
  const selectRow = (row: T) =>
    selection &&
    pickable(row) && <SelectBox checked={selection.selected.has(rowKey(row))} label={selection.rowLabel(row)} onChange={(on) => pick([rowKey(row)], on)} />;

  const [first, ...rest] = columns;
  const cardColumns = rest.filter((c) => !c.wide);
  const openOf = (row: T) => (onOpen && (!canOpen || canOpen(row)) ? () => onOpen(row) : undefined);
  /** A click on a row opens it or, in a table with checkboxes, picks it. */
  const clickOf = (row: T) => openOf(row) ?? (selection && pickable(row) ? () => pick([rowKey(row)], !selection.selected.has(rowKey(row))) : undefined);
  const nameCell = (row: T, open: (() => void) | undefined) => (
    <>
      {open ? (
        <ButtonBase
          onClick={(event) => {
            event.stopPropagation();
            open();
          }}
          aria-label={openLabel?.(row)}
          sx={{
            font: 'inherit',
            fontWeight: 600,
            color: 'primary.main',
            textAlign: 'left',
            borderRadius: 1,
            textDecoration: 'underline',
            textUnderlineOffset: 3,
            '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        >
          {first!.cell(row)}
        </ButtonBase>
      ) : (
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {first!.cell(row)}
        </Typography>
      )}
      {badge?.(row)}
    </>
  );

  // Nothing to search in an empty list.
  const searchable = props.searchable !== false && (total > 0 || state.q !== '' || text !== '');
  // On phones the sort select (and select all) stand in for the header; a list of one needs neither.
  const sortSelect = narrow && sortable.length > 0 && total > 1;
  const pickAll = narrow && selectAll;
  const toolbar = (searchable || sortSelect || pickAll || props.onDownload) && (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 1.5 }}>
      {searchable && (
        <SearchField label={props.searchLabel ?? t('table.search')} value={text} onChange={setText} sx={{ flex: { xs: '1 1 100%', sm: '0 1 320px' } }} />
      )}
      {sortSelect && <SortSelect columns={sortable} sort={state.sort} dir={state.dir} onSort={sortBy} />}
      {pickAll && <FormControlLabel control={pickAll} label={selection!.allLabel} sx={{ flex: '1 1 100%', ml: 0.5 }} />}
      {props.onDownload && (
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={props.onDownload}
          disabled={total === 0 || props.downloading}
          sx={{ ml: { sm: 'auto' }, width: { xs: '100%', sm: 'auto' } }}
        >
          {props.downloadLabel ?? t('table.download')}
        </Button>
      )}
    </Box>
  );

  const body =
    total === 0 ? (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderRadius: 3, color: 'text.secondary' }}>
        {state.q ? (props.noMatch?.(state.q) ?? t('table.noMatch', { search: state.q })) : empty}
      </Paper>
    ) : (
      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
        {narrow ? (
          <Box component="ul" aria-label={caption} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {shown.map(({ original: row }, index) => {
              const open = openOf(row);
              const click = clickOf(row);
              return (
                <Box
                  component="li"
                  key={rowKey(row)}
                  onClick={click}
                  sx={{
                    px: 2,
                    py: 1.5,
                    borderTop: index ? 1 : 0,
                    borderColor: 'divider',
                    cursor: click ? 'pointer' : 'default',
                    ...(selection ? { display: 'flex', gap: 1, alignItems: 'flex-start', pl: 0.5 } : {}),
                  }}
                >
                  {selectRow(row)}
                  <Box sx={{ flex: 1, minWidth: 0, pt: selection ? 1 : 0 }}>
                    {nameCell(row, open)}
                    {subline && (
                      <Typography component="div" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {subline(row)}
                      </Typography>
                    )}
                    {/* As many label–value pairs per line as fit whole (a switch needs its width): one on a phone. */}
                    {cardColumns.length > 0 && (
                      <Box
                        component="dl"
                        sx={{
                          m: 0,
                          mt: 1,
                          display: 'grid',
                          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 11rem), 1fr))',
                          columnGap: 3,
                          rowGap: 0.5,
                        }}
                      >
                        {cardColumns.map((c) => (
                          <Box
                            key={c.id}
                            sx={{
                              display: c.long ? 'block' : 'flex',
                              gridColumn: c.long ? '1 / -1' : undefined,
                              justifyContent: 'space-between',
                              alignItems: 'center',
                              gap: 1,
                              minWidth: 0,
                            }}
                          >
                            <Typography component="dt" variant="body2" color="text.secondary">
                              {c.header}
                            </Typography>
                            <Typography
                              component="dd"
                              variant="body2"
                              sx={{
                                m: 0,
                                ...(c.long
                                  ? { whiteSpace: 'pre-line', overflowWrap: 'anywhere' }
                                  : { flexShrink: 0, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }),
                              }}
                            >
                              {c.cell(row)}
                            </Typography>
                          </Box>
                        ))}
                      </Box>
                    )}
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
                  {selection && <TableCell padding="checkbox">{selectAll}</TableCell>}
                  {columns.map((c) => {
                    const active = state.sort === c.id && c.sortable !== false;
                    return (
                      <TableCell
                        key={c.id}
                        align={c.numeric ? 'right' : 'left'}
                        sortDirection={active ? state.dir : false}
                        sx={{ fontWeight: 700, py: 1.25, ...(c.wide ? { display: { xs: 'none', md: 'table-cell' } } : {}) }}
                      >
                        {c.sortable === false ? (
                          c.header
                        ) : (
                          <TableSortLabel active={active} direction={active ? state.dir : 'asc'} onClick={() => sortBy(c.id)}>
                            {c.header}
                            {active && (
                              <Box component="span" sx={visuallyHidden}>
                                {t(state.dir === 'asc' ? 'table.sortedAscending' : 'table.sortedDescending')}
                              </Box>
                            )}
                          </TableSortLabel>
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map(({ original: row }) => {
                  const open = openOf(row);
                  const click = clickOf(row);
                  return (
                    <TableRow
                      key={rowKey(row)}
                      hover={!!click}
                      selected={selection?.selected.has(rowKey(row))}
                      onClick={click}
                      sx={{ cursor: click ? 'pointer' : 'default' }}
                    >
                      {selection && <TableCell padding="checkbox">{selectRow(row)}</TableCell>}
                      <TableCell sx={{ py: 1.25 }}>
                        {nameCell(row, open)}
                        {subline && (
                          <Typography
                            component="span"
                            variant="body2"
                            color="text.secondary"
                            sx={{ display: { xs: 'block', md: 'none' }, overflowWrap: 'anywhere' }}
                          >
                            {subline(row)}
                          </Typography>
                        )}
                      </TableCell>
                      {rest.map((c) => (
                        <TableCell
                          key={c.id}
                          align={c.numeric ? 'right' : 'left'}
                          sx={{
                            py: 1.25,
                            ...(c.numeric ? { fontVariantNumeric: 'tabular-nums' } : { overflowWrap: 'break-word' }),
                            ...(c.long ? { whiteSpace: 'pre-line' } : {}),
                            ...(c.wide ? { display: { xs: 'none', md: 'table-cell' } } : {}),
                          }}
                        >
                          {c.cell(row)}
                        </TableCell>
                      ))}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {total > (props.pageSizes ?? PAGE_SIZES)[0]! && (
          <Pager
            id={id}
            sizes={props.pageSizes ?? PAGE_SIZES}
            total={total}
            page={state.page}
            pageSize={state.pageSize}
            onChange={(page, pageSize) => setState({ ...state, page, pageSize })}
          />
        )}
      </Paper>
    );
  return (
    <Box>
      {toolbar}
      <Typography role="status" sx={visuallyHidden}>
        {t('table.count', { count: total })}
      </Typography>
      {body}
    </Box>
  );
}
