import { useTranslation } from 'react-i18next'

/** The shape of a step while its data loads, so nothing below it jumps when it arrives. */
export function StepSkeleton({ cards = false }: { cards?: boolean }) {
  const { t } = useTranslation('consultations')
  return (
    <output className="block">
      <span className="sr-only">{t('loading')}</span>
      <div aria-hidden="true" className={cards ? 'grid gap-5 md:grid-cols-3' : 'space-y-4'}>
        {(cards ? [0, 1, 2] : [0, 1]).map((n) => (
          <div key={n} className={`rounded-2xl bg-sand-100 motion-safe:animate-pulse ${cards ? 'min-h-[22rem]' : 'h-40'}`} />
        ))}
      </div>
    </output>
  )
}
