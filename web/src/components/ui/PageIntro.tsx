import type { ReactNode } from 'react'

interface PageIntroProps {
  title: string
  intro: string
  children?: ReactNode
  /** As wide as a two-column page below it (the checkout) instead of a column of text. */
  wide?: boolean
}

/** The heading and introduction every page opens with. */
export function PageIntro({ title, intro, children, wide = false }: PageIntroProps) {
  return (
    <header className={`mx-auto ${wide ? 'max-w-6xl' : 'max-w-3xl'} px-4 pt-12 pb-8 sm:pt-16`}>
      <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl">{title}</h1>
      <p className="mt-5 text-lg leading-relaxed text-slate-600">{intro}</p>
      {children}
    </header>
  )
}
