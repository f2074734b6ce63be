import type { ReactNode } from 'react'

interface Props {
  /** Said to screen readers before the table (visually hidden: the section's heading shows it). */
  caption: string
  /** The column headings, in order. */
  columns: readonly string[]
  /** The rows (<tr>), each with its first cell a <th scope="row"> naming it. */
  children: ReactNode
}

/** The console's table, as the cases and the audit log draw it: a caption, column headings, rows. */
export function DataTable({ caption, columns, children }: Props) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-sand-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-sand-100 text-ocean-900">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-sand-200 align-top">{children}</tbody>
      </table>
    </div>
  )
}

/** A cell with the table's padding. */
export function Cell({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <td className={`px-4 py-3 ${className}`}>{children}</td>
}

/** The row's naming cell. */
export function RowHeader({ children }: { children: ReactNode }) {
  return (
    <th scope="row" className="px-4 py-3 font-normal">
      {children}
    </th>
  )
}
