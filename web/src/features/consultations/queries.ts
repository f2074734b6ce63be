import { useQuery } from '@tanstack/react-query'
import type { Lang } from '../../i18n/languages'
import { answerOf } from '../../lib/query/answer'
import { useAppQueryClient } from '../../lib/query/query-client'
import { fetchBooking, fetchMyBookings, fetchPlans, fetchSlots, fetchTestimonials, type Credentials } from './api'

/**
 * One TanStack Query hook per consultations read (GET plans, testimonials, slots, a booking,
 * my-bookings). Keys start with 'consultations' so a change can invalidate them together;
 * the writes are in mutations.ts.
 */
export const consultationKeys = {
  plans: (lang: Lang) => ['consultations', 'plans', lang] as const,
  testimonials: (lang: Lang) => ['consultations', 'testimonials', lang] as const,
  slots: (plan: string, from: string, to: string, lang: Lang, refresh: number) => ['consultations', 'slots', plan, from, to, lang, refresh] as const,
  /** Every cached read of one booking, whatever its credentials (what a write updates). */
  bookingById: (id: string) => ['consultations', 'booking', id] as const,
  booking: (id: string, credentials: Credentials) =>
    ['consultations', 'booking', id, credentials.token ?? '', credentials.authToken ?? ''] as const,
  myBookingsAll: ['consultations', 'my-bookings'] as const,
  myBookings: (authToken: string) => ['consultations', 'my-bookings', authToken] as const,
}

/** The plans in the page's language (ordered by price by the API), asked once per language. */
export function usePlans(lang: Lang) {
  return answerOf(useQuery({ queryKey: consultationKeys.plans(lang), queryFn: () => fetchPlans(lang) }, useAppQueryClient()))
}

export function useTestimonials(lang: Lang) {
  return answerOf(useQuery({ queryKey: consultationKeys.testimonials(lang), queryFn: () => fetchTestimonials(lang) }, useAppQueryClient()))
}

/**
 * Free start times of `plan` from `from` to `to`. Free times change with every booking: they
 * are asked again each time a view shows them (no reuse), and `refresh` (after a 409) asks anew.
 */
export function useSlots(plan: string, from: string, to: string, lang: Lang, refresh = 0) {
  const query = useQuery(
    {
      queryKey: consultationKeys.slots(plan, from, to, lang, refresh),
      queryFn: ({ signal }) => fetchSlots(plan, from, to, lang, signal),
      staleTime: 0,
      gcTime: 0,
    },
    useAppQueryClient(),
  )
  return answerOf(query)
}

/** One booking, read with its private token and/or the owner's session; `enabled` false while neither is known. */
export function useBookingQuery(id: string, credentials: Credentials, enabled: boolean) {
  return useQuery(
    {
      queryKey: consultationKeys.booking(id, credentials),
      queryFn: ({ signal }) => fetchBooking(id, credentials, signal),
      enabled,
      staleTime: 0,
    },
    useAppQueryClient(),
  )
}

/** The signed-in user's bookings (the account page), asked again on each visit. */
export function useMyBookings(authToken: string) {
  return answerOf(
    useQuery(
      { queryKey: consultationKeys.myBookings(authToken), queryFn: ({ signal }) => fetchMyBookings(authToken, signal), staleTime: 0 },
      useAppQueryClient(),
    ),
  )
}
