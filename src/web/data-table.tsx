import type { ComponentChildren } from 'preact';

/** `numeric`: right-aligned; `short`: never broken across lines (years), where long values wrap anywhere. */
export interface Column {
  label: string;
  numeric?: boolean;
  short?: boolean;
}

export interface DataTableProps {
  caption: string;
  columns: readonly Column[];
  rows: readonly (readonly ComponentChildren[])[];
  rowHeader?: number;
  wide?: boolean;
}

/** A section's data as a table; a wide one scrolls sideways in a region a keyboard can reach. */
export function DataTable({ caption, columns, rows, rowHeader = 0, wide = false }: DataTableProps) {
  const cellClass = (column: Column | undefined) =>
    column?.numeric ? 'num' : column?.short ? 'short' : undefined;
  const table = (
    <table>
      <caption class="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th scope="col" class={cellClass(column)}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr>
            {row.map((cell, i) =>
              i === rowHeader ? (
                <th scope="row" class={cellClass(columns[i])}>
                  {cell}
                </th>
              ) : (
                <td class={cellClass(columns[i])}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  const scroll = wide && { tabindex: 0, role: 'region' as const, 'aria-label': caption };
  return (
    <div class={wide ? 'table-wrap table-scroll' : 'table-wrap'} {...scroll}>
      {table}
    </div>
  );
}
