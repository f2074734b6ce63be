import { useTranslation } from 'react-i18next'
import { useTestimonials } from '../../consultations/queries'
import type { Lang } from '../../../i18n/languages'
import { TestimonialCard } from '../../content/components/TestimonialCard'

/** Testimonials (quote, name, trip; docs/product.md#help), from the database. Space is kept while they load. */
export function HelpTestimonials({ lang }: { lang: Lang }) {
  const { t } = useTranslation('help')
  const testimonials = useTestimonials(lang)
  if (testimonials.status === 'error' || (testimonials.status === 'ready' && testimonials.value.length === 0)) return null
  return (
    <section aria-labelledby="help-testimonials" className="mx-auto w-full max-w-6xl px-4 pb-16">
      <h2 id="help-testimonials" className="text-3xl font-semibold tracking-tight sm:text-4xl">
        {t('testimonials.heading')}
      </h2>
      <p className="mt-3 max-w-2xl leading-relaxed text-slate-600">{t('testimonials.intro')}</p>
      {testimonials.status === 'loading' ? (
        <div aria-hidden="true" className="mt-8 grid gap-6 md:grid-cols-3">
          {[0, 1, 2].map((n) => (
            <div key={n} className="min-h-48 rounded-3xl bg-sand-100 motion-safe:animate-pulse" />
          ))}
        </div>
      ) : (
        // Three in a row when they fill the rows, else two: no lone card on a row of three.
        <ul className={`mt-8 grid gap-6 md:grid-cols-2 ${testimonials.value.length % 3 === 0 ? 'lg:grid-cols-3' : ''}`}>
          {testimonials.value.map((testimonial) => (
            <li key={testimonial.name + testimonial.trip} className="flex min-h-48">
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
