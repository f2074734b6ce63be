import { useTranslation } from 'react-i18next'
import type { Testimonial } from '../../content/types'
import { SectionHeading } from './SectionHeading'
import { TestimonialCard } from '../../content/components/TestimonialCard'

/** What travellers said after a consultation (docs/product.md#home), when the page data has some. */
export function Testimonials({ testimonials }: { testimonials: Testimonial[] }) {
  const { t } = useTranslation('home')
  if (testimonials.length === 0) return null
  return (
    <section aria-labelledby="testimonials-title" className="mx-auto w-full max-w-6xl px-4">
      <SectionHeading id="testimonials-title" title={t('testimonials.title')} />
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {testimonials.slice(0, 3).map((testimonial) => (
          <li key={testimonial.name + testimonial.trip} className="flex">
            <TestimonialCard testimonial={testimonial} />
          </li>
        ))}
      </ul>
    </section>
  )
}
