import { useId, type ReactNode } from 'react'

/** A card of the booking page: a region named by its h2. */
export function Panel({ title, children, intro }: { title: string; intro?: string | undefined; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="card space-y-4">
      <h2 id={id} className="text-2xl font-semibold">
        {title}
      </h2>
      {intro && <p className="text-sm leading-relaxed text-slate-600">{intro}</p>}
      {children}
    </section>
  )
}
