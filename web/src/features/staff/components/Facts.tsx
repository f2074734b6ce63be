import type { ReactNode } from 'react'

/** Named figures or facts as a description list (a record's facts, a dashboard's figures). */
export function Facts({ items, className = '' }: { items: readonly (readonly [term: string, value: ReactNode])[]; className?: string }) {
  return (
    <dl className={`grid gap-x-6 gap-y-3 sm:grid-cols-2 ${className}`}>
      {items.map(([term, value]) => (
        <div key={term}>
          <dt className="text-sm text-slate-600">{term}</dt>
          <dd className="font-semibold text-ocean-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
