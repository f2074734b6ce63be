import type { ReactNode } from 'react'

interface Props {
  title: string
  intro?: string | undefined
  /** Controls beside the heading (a view switch, a filter). */
  actions?: ReactNode
  children: ReactNode
}

/** A section of the console: its heading (the page's h1) and what it holds. */
export function SectionPage({ title, intro, actions, children }: Props) {
  return (
    <article aria-labelledby="staff-section-title" className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="staff-section-title" className="text-3xl font-semibold tracking-tight">
            {title}
          </h1>
          {intro && <p className="mt-2 max-w-2xl text-slate-600">{intro}</p>}
        </div>
        {actions}
      </header>
      {children}
    </article>
  )
}
