import { formatDate, type Role } from '@high5/contract';
import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn, type TableState } from './ui/data-table';

/** One High 5 or Positive Vibe someone received. */
export interface ReceivedRow {
  id: number;
  fromName: string;
  fromRole: Role;
  date: string;
  comment: string;
  categoryIds: string[];
}

export interface ReceivedLabels {
  caption: string;
  empty: string;
  from: string;
  role: string;
  date: string;
  comment: string;
  noComment: string;
  categories: string;
  /** What an empty search says. */
  noMatch?: (search: string) => string;
}

/**
 * What a person received (docs/rules/recognition.md#received-reports, docs/rules/administration.md#group-report): from whom, their role, the
 * date, the comment and the categories, newest first, searchable. The headers come from the caller.
 * With `server`, `items` is one page the server searched and sorted (the received report, whose
 * sorts `from`, `role` and `date` are these columns' ids); without it, the table does both.
 */
export function ReceivedItemsTable<T extends ReceivedRow>({
  items,
  names,
  labels,
  server,
}: {
  items: T[];
  names: Map<string, string>;
  labels: ReceivedLabels;
  server?: { total: number; state: TableState; onStateChange: (state: TableState) => void };
}) {
  const { t, i18n } = useTranslation('common');
  const categories = (item: T) =>
    item.categoryIds
      .map((id) => names.get(id) ?? '')
      .filter(Boolean)
      .join(', ');
  const role = (item: T) => t(`roles.${item.fromRole}`);
  const columns: DataColumn<T>[] = [
    { id: 'from', header: labels.from, cell: (item) => item.fromName, value: (item) => item.fromName },
    { id: 'role', header: labels.role, cell: role, value: role, wide: true },
    { id: 'date', header: labels.date, cell: (item) => formatDate(item.date, i18n.language), value: (item) => item.date, date: true },
    {
      id: 'comment',
      header: labels.comment,
      long: true,
      sortable: false,
      value: (item) => item.comment,
      cell: (item) =>
        item.comment || (
          <Typography component="span" variant="body2" color="text.secondary">
            {labels.noComment}
          </Typography>
        ),
    },
    { id: 'categories', header: labels.categories, cell: categories, value: categories, sortable: false, long: true },
  ];
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(item) => String(item.id)}
      subline={role}
      caption={labels.caption}
      empty={labels.empty}
      noMatch={labels.noMatch}
      server={server}
      initialSort={{ sort: 'date', dir: 'desc' }}
    />
  );
}
