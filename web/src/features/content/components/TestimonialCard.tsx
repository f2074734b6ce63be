import type { Testimonial } from '../types'

/** One traveller's words (quote, name, trip; docs/product.md#help), as the home and help pages show them. */
export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="testimonial">
      <blockquote className="grow font-display text-lg leading-relaxed text-ocean-900">
        <p>“{testimonial.quote}”</p>
      </blockquote>
      <figcaption className="mt-5 text-sm">
        <span className="block font-semibold text-ocean-900">{testimonial.name}</span>
        <span className="text-slate-600">{testimonial.trip}</span>
      </figcaption>
    </figure>
  )
}
