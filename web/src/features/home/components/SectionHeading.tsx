import type { ReactNode } from 'react'

interface Props {
  id: string
  title: string
  intro?: string
  children?: ReactNode
}

/** A home section's title and introduction, with room for controls on the right. */
export function SectionHeading({ id, title, intro, children }: Props) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="max-w-2xl">
        <h2 id={id} className="text-3xl font-semibold tracking-tight sm:text-4xl">
          {title}
        </h2>
        {intro && <p className="mt-3 leading-relaxed text-slate-600">{intro}</p>}
      </div>
      {children}
    </div>
  )
}
