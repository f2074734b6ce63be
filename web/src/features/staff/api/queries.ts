import { useQuery } from '@tanstack/react-query'
import { useAppQueryClient } from '../../../lib/query/query-client'
import type { CaseFilter, IsoDate, OpinionStatus } from '../types'
import * as api from './requests'

/**
 * One hook per read of the console. Everything but `me` is asked again on every visit (the team
 * works on the same cases at once); lists share the ['staff', 'list'] prefix so that a write can
 * mark them all stale in one call.
 */
export const staffKeys = {
  me: (userId: string) => ['staff', 'me', userId] as const,
  lists: ['staff', 'list'] as const,
  bookings: (from: IsoDate, to: IsoDate, mine: boolean) => ['staff', 'list', 'bookings', from, to, mine] as const,
  cases: (filter: CaseFilter) => ['staff', 'list', 'cases', filter] as const,
  opinions: (status: OpinionStatus) => ['staff', 'list', 'opinions', status] as const,
  availability: ['staff', 'list', 'availability'] as const,
  members: ['staff', 'list', 'members'] as const,
  audit: ['staff', 'list', 'audit'] as const,
  booking: (id: string) => ['staff', 'booking', id] as const,
}

const FRESH = { staleTime: 0 } as const

/** Who is signed in to the console, per user (a new sign-in never reuses another's answer). */
export function useMe(userId: string | undefined) {
  return useQuery({ queryKey: staffKeys.me(userId ?? ''), queryFn: ({ signal }) => api.fetchMe(signal), enabled: Boolean(userId) }, useAppQueryClient())
}

export function useBookings(from: IsoDate, to: IsoDate, mine: boolean) {
  return useQuery(
    { queryKey: staffKeys.bookings(from, to, mine), queryFn: ({ signal }) => api.fetchBookings(from, to, mine ? 'mine' : null, signal), ...FRESH },
    useAppQueryClient(),
  )
}

export function useBooking(id: string) {
  return useQuery({ queryKey: staffKeys.booking(id), queryFn: ({ signal }) => api.fetchBooking(id, signal), ...FRESH }, useAppQueryClient())
}

export function useCases(filter: CaseFilter) {
  return useQuery({ queryKey: staffKeys.cases(filter), queryFn: ({ signal }) => api.fetchCases(filter, signal), ...FRESH }, useAppQueryClient())
}

export function useOpinions(status: OpinionStatus) {
  return useQuery({ queryKey: staffKeys.opinions(status), queryFn: ({ signal }) => api.fetchOpinions(status, signal), ...FRESH }, useAppQueryClient())
}

export function useAvailability() {
  return useQuery({ queryKey: staffKeys.availability, queryFn: ({ signal }) => api.fetchAvailability(signal), ...FRESH }, useAppQueryClient())
}

export function useMembers() {
  return useQuery({ queryKey: staffKeys.members, queryFn: ({ signal }) => api.fetchMembers(signal), ...FRESH }, useAppQueryClient())
}

/** The newest 200 entries of the log (the endpoint's most). */
export function useAudit() {
  return useQuery({ queryKey: staffKeys.audit, queryFn: ({ signal }) => api.fetchAudit(200, signal), ...FRESH }, useAppQueryClient())
}
