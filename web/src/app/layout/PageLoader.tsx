import { useTranslation } from 'react-i18next'

/**
 * Shown while a page's code or words load. It has the shape of a page intro and
 * the same minimum height as <main>, so nothing jumps when the page arrives;
 * the pulse stops under prefers-reduced-motion.
 */
export function PageLoader() {
  const { t } = useTranslation()
  return (
    // <output> is an implicit role="status": screen readers hear "Loading the page…".
    <output className="mx-auto block max-w-3xl px-4 pt-12 pb-8 sm:pt-16">
      <span className="sr-only">{t('loading')}</span>
      <div aria-hidden="true" className="space-y-5 motion-safe:animate-pulse">
        <div className="h-11 w-3/4 rounded-xl bg-sand-200" />
        <div className="h-4 w-full rounded bg-sand-200" />
        <div className="h-4 w-11/12 rounded bg-sand-200" />
        <div className="h-4 w-2/3 rounded bg-sand-200" />
      </div>
    </output>
  )
}
