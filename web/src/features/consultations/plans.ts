import type { Lang } from '../../i18n/languages'
import { fetchPlans, fetchTestimonials } from './api'
import type { Plan, Testimonial } from '../../lib/api/types'
import { AnswerCache, useAsync } from './use-async'

const plans = new AnswerCache<Plan[]>()
const testimonials = new AnswerCache<Testimonial[]>()

/** The plans in the page's language (ordered by price by the API), asked once per language. */
export function usePlans(lang: Lang) {
  return useAsync(`plans:${lang}`, () => plans.get(lang, () => fetchPlans(lang)), plans.known(lang))
}

export function useTestimonials(lang: Lang) {
  return useAsync(`testimonials:${lang}`, () => testimonials.get(lang, () => fetchTestimonials(lang)), testimonials.known(lang))
}
