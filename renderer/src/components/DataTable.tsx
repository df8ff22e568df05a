import { Classes, HTMLTable, Icon } from '@blueprintjs/core';
import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DataTableProps<Row> {
  // TanStack's ColumnDef value type varies per column; `any` here is its documented usage.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Row, any>[];
  data: Row[] | undefined;
  loading?: boolean;
  /** Drawn in place of the body when there are no rows (e.g. <EmptyState/> with an action). */
  empty?: ReactNode;
  skeletonRows?: number;
  initialSorting?: SortingState;
  getRowId?: (row: Row) => string;
  /** False: no column sorts (a server page with no server sort). Default true. */
  enableSorting?: boolean;
  /**
   * Server-sorted lists: the sort the rows arrived in, and the callback asking for another (the
   * caller puts it in its query key). Given, the table only shows the sort and never reorders rows.
   */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
}

/**
 * The rows of a table that has none yet. TanStack Table needs `data` to keep its identity between
 * renders: a new data array resets the page index, a state change that re-renders the table, so a
 * fresh `[]` on each render (`data ?? []` while a list loads) re-renders it forever and hangs the tab.
 */
const NO_ROWS: never[] = [];

/**
 * A table on TanStack Table v8 rendered with Blueprint's HTMLTable: header clicks sort, loading
 * shows skeleton rows, no rows shows the empty state.
 *
 * Without `onSortingChange`, rows are sorted in the browser, which is right only when `data` is the
 * whole list. A server page sorted in the browser would order the page on screen only, so paged
 * lists either sort on the server (`sorting` + `onSortingChange`) or pass `enableSorting={false}`.
 */
export function DataTable<Row>({
  columns,
  data,
  loading = false,
  empty,
  skeletonRows = 5,
  initialSorting = [],
  getRowId,
  enableSorting = true,
  sorting: serverSorting,
  onSortingChange,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const [localSorting, setLocalSorting] = useState<SortingState>(initialSorting);
  const serverSorted = onSortingChange !== undefined;
  const sorting = serverSorted ? (serverSorting ?? []) : localSorting;
  // TanStack Table hands out fresh functions each render; React Compiler therefore skips this
  // component, which is what we want (the table is cheap to re-render).
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    columns,
    data: data ?? NO_ROWS,
    state: { sorting },
    // The table never pages in the browser (lists page on the server), so new rows reset nothing.
    autoResetPageIndex: false,
    enableSorting,
    manualSorting: serverSorted,
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      if (onSortingChange) onSortingChange(next);
      else setLocalSorting(next);
    },
    getCoreRowModel: getCoreRowModel(),
    ...(serverSorted ? {} : { getSortedRowModel: getSortedRowModel() }),
    ...(getRowId ? { getRowId } : {}),
  });
  const showSkeleton = loading && (data === undefined || data.length === 0);
  const rows = table.getRowModel().rows;

  if (!showSkeleton && rows.length === 0 && empty) return <>{empty}</>;
  return (
    <HTMLTable striped interactive={!showSkeleton} className={Classes.FILL} aria-busy={showSkeleton}>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => {
              const sorted = header.column.getIsSorted();
              const canSort = header.column.getCanSort();
              return (
                <th
                  key={header.id}
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                  onClick={canSort ? header.column.getToggleSortingHandler() : undefined}
                  style={canSort ? { cursor: 'pointer', userSelect: 'none' } : undefined}
                >
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                  {sorted && (
                    <Icon
                      icon={sorted === 'asc' ? 'caret-up' : 'caret-down'}
                      title={t(sorted === 'asc' ? 'common:table.sortAscending' : 'common:table.sortDescending')}
                    />
                  )}
                </th>
              );
            })}
          </tr>
        ))}
      </thead>
      <tbody>
        {showSkeleton ? (
          Array.from({ length: skeletonRows }, (_, i) => (
            <tr key={`skeleton-${i}`} aria-label={t('common:table.loading')}>
              {table.getVisibleLeafColumns().map((column) => (
                <td key={column.id}>
                  <span className={Classes.SKELETON}>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;</span>
                </td>
              ))}
            </tr>
          ))
        ) : rows.length === 0 ? (
          <tr>
            <td colSpan={table.getVisibleLeafColumns().length} className={Classes.TEXT_MUTED}>
              {t('common:table.empty')}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => {
                const header = cell.column.columnDef.header;
                // The column's name on each cell: a narrow layout can show it beside the value.
                return (
                  <td key={cell.id} data-label={typeof header === 'string' ? header : undefined}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                );
              })}
            </tr>
          ))
        )}
      </tbody>
    </HTMLTable>
  );
}
