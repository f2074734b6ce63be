import type { ReactNode } from 'react'

/**
 * What an e-mail link did, in a card: the title and text are a live region,
 * so "Confirming…" turning into the result is announced.
 */
export function LinkOutcome({ title, text, children }: { title: string; text?: string | undefined; children?: ReactNode }) {
  return (
    <article className="mx-auto max-w-2xl px-4 pt-12 pb-16 sm:pt-16">
      <div className="card">
        <div aria-live="polite">
          <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
          {text && <p className="mt-4 text-lg leading-relaxed text-slate-600">{text}</p>}
        </div>
        {children}
      </div>
    </article>
  )
}
