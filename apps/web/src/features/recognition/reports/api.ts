import { PAGE_SIZES, recognitionApi, type Language, type ReceivedQuery, type ReceivedSort, type RecognitionKind } from '@high5/contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { recognitionKeys } from '../../../components/give';
import type { TableState } from '../../../components/ui/data-table';
import { api } from '../../../lib/api-client';

/**
 * The received report's tiles and the table's page for its search, order and page: the server
 * does all three (decision 0452). `range` is `yyyy-MM-dd_yyyy-MM-dd`, or '' for this month.
 */
export function useReceivedReport(kind: RecognitionKind, range: string, table: TableState, language: Language) {
  const query: ReceivedQuery = {
    kind,
    language,
    ...(range ? { range } : {}),
    sort: table.sort as ReceivedSort,
    dir: table.dir,
    page: table.page,
    pageSize: table.pageSize,
    ...(table.q ? { q: table.q } : {}),
  };
  return useQuery({ queryKey: recognitionKeys.received(query), queryFn: () => api(recognitionApi.received, { query }), placeholderData: keepPreviousData });
}

/** One category's items of the range, newest first, a page at a time ("Show more" in the category dialog). */
export function useCategoryItems(kind: RecognitionKind, range: string, categoryId: string, language: Language) {
  const query = { kind, range, categoryId, language, pageSize: PAGE_SIZES[0] } satisfies ReceivedQuery;
  return useInfiniteQuery({
    queryKey: recognitionKeys.receivedCategory(query),
    queryFn: ({ pageParam }) => api(recognitionApi.received, { query: { ...query, page: pageParam } }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (pages.reduce((n, p) => n + p.items.length, 0) < last.total && last.items.length > 0 ? pages.length : undefined),
  });
}
