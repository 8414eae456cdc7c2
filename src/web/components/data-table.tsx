import { memo, useId, type ReactNode } from 'react';
import { Empty, Loading } from './states';

/**
 * A column of a `DataTable`: its header, its cell, and the classes both take (`hidden sm:table-cell`
 * drops a column on a phone, `text-right` aligns a figure).
 */
export interface Column<T> {
  header: ReactNode;
  cell: (row: T, index: number, selected: boolean) => ReactNode;
  className?: string;
  /** data-testid of the column's cells. */
  testId?: string;
}

interface DataTableProps<T> {
  /** Says what the rows are; read by screen readers, shown when `showCaption`. */
  caption: ReactNode;
  showCaption?: boolean;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /** data-testid of every row. */
  rowTestId?: string;
  /** The key of the selected row, marked `aria-selected` and highlighted. */
  selectedKey?: string | null;
  /** Tighter cells, for tables of hundreds of rows. */
  dense?: boolean;
}

const SCROLL =
  'overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-teal-600 dark:border-slate-800';

/**
 * The explorer's one table: a caption, column headers, keyed rows, an empty state, and a
 * horizontally scrolling box that can take the keyboard's focus (a scrollable region a keyboard
 * cannot reach fails WCAG 2.1.1), named by the caption. Columns must be stable (module constants or
 * memoized): rows are memoized on the row, the columns and their selection, so moving the selection
 * in a thousand-row table re-renders two rows.
 */
export function DataTable<T>({
  caption,
  showCaption,
  columns,
  rows,
  rowKey,
  empty,
  rowTestId,
  selectedKey,
  dense,
}: DataTableProps<T>) {
  const captionId = useId();
  if (rows.length === 0 && empty !== undefined) return <Empty>{empty}</Empty>;
  const pad = dense ? 'px-2 py-1' : 'px-3 py-2';
  return (
    <div role="group" aria-labelledby={captionId} tabIndex={0} className={SCROLL}>
      <table className="w-full text-left text-sm">
        <caption
          id={captionId}
          className={
            showCaption
              ? 'caption-top border-b border-slate-200 px-3 py-1.5 text-left text-xs text-muted dark:border-slate-800'
              : 'sr-only'
          }
        >
          {caption}
        </caption>
        <thead className="bg-slate-50 text-xs uppercase text-muted dark:bg-slate-900">
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col" className={`${dense ? 'px-2' : 'px-3'} py-2 ${c.className ?? ''}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const key = rowKey(row);
            return (
              <Row
                key={key}
                row={row}
                index={i}
                columns={columns as readonly Column<unknown>[]}
                pad={pad}
                testId={rowTestId}
                selected={selectedKey === undefined ? undefined : selectedKey === key}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A table's place while its rows load: the box, caption, column headers and `rows` rows of
 * `DataTable` (a row's height is one line of text, as a loaded row's), the first saying what
 * loads. The rows then arrive without moving what is below them.
 */
export function TableSkeleton({
  caption,
  columns,
  rows,
  label,
}: {
  caption: ReactNode;
  columns: readonly Pick<Column<never>, 'header' | 'className'>[];
  rows: number;
  label: string;
}) {
  return (
    <div className={SCROLL}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs uppercase text-muted dark:bg-slate-900">
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col" className={`px-3 py-2 ${c.className ?? ''}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, r) => (
            <tr key={r} className="border-t border-slate-100 dark:border-slate-800">
              {r === 0 ? (
                <td colSpan={columns.length} className="px-3 py-2">
                  <Loading label={label} />
                </td>
              ) : (
                columns.map((c, i) => (
                  <td key={i} className={`px-3 py-2 ${c.className ?? ''}`}>
                    {'\u00a0'}
                  </td>
                ))
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface RowProps {
  row: unknown;
  index: number;
  columns: readonly Column<unknown>[];
  pad: string;
  testId: string | undefined;
  /** undefined in a table without selection */
  selected: boolean | undefined;
}

const Row = memo(function Row({ row, index, columns, pad, testId, selected }: RowProps) {
  return (
    <tr
      aria-selected={selected}
      className={`border-t border-slate-100 dark:border-slate-800 ${selected ? 'bg-teal-50 dark:bg-teal-950' : ''}`}
      data-testid={testId}
    >
      {columns.map((c, i) => (
        <td key={i} className={`${pad} ${c.className ?? ''}`} data-testid={c.testId}>
          {c.cell(row, index, selected === true)}
        </td>
      ))}
    </tr>
  );
});
