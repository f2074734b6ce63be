import { useMutation } from '@tanstack/react-query'
import { useAppQueryClient } from '../../../lib/query/query-client'
import type { BookingDetail, Consultant, ConsultantBody, ConsultantChange, NewConsultantBody, Opinion, StaffMember, StaffRole, TimeOffBody } from '../types'
import * as api from './requests'
import { staffKeys } from './queries'

/**
 * One hook per write. A booking's write answers the whole booking: it replaces the cached one
 * at once, and every list is asked again (a case's state, an agenda entry may have changed).
 */
export function useBookingWrite<A>(id: string, write: (id: string, arg: A) => Promise<BookingDetail>) {
  const client = useAppQueryClient()
  return useMutation(
    {
      mutationFn: (arg: A) => write(id, arg),
      onSuccess: (detail) => {
        client.setQueryData(staffKeys.booking(id), detail)
        void client.invalidateQueries({ queryKey: staffKeys.lists })
      },
    },
    client,
  )
}

/** The opinion's save answers the opinion alone: put it in the booking, then read the booking again (its case state moved). */
export function useSaveOpinion(id: string) {
  const client = useAppQueryClient()
  return useMutation(
    {
      mutationFn: (body: Parameters<typeof api.saveOpinion>[1]) => api.saveOpinion(id, body),
      onSuccess: (opinion) => {
        client.setQueryData<BookingDetail>(staffKeys.booking(id), (old) => (old ? { ...old, opinion } : old))
        void client.invalidateQueries({ queryKey: staffKeys.booking(id) })
        void client.invalidateQueries({ queryKey: staffKeys.lists })
      },
    },
    client,
  )
}

/** Approve (publish) an opinion; 403 `self_approval` for its author. */
export function useApproveOpinion() {
  const client = useAppQueryClient()
  return useMutation(
    {
      mutationFn: (id: string) => api.approveOpinion(id),
      onSuccess: (opinion: Opinion) => {
        void client.invalidateQueries({ queryKey: staffKeys.lists })
        void client.invalidateQueries({ queryKey: staffKeys.booking(opinion.booking_id) })
      },
    },
    client,
  )
}

/** A write of the availability page: the page is read again afterwards (consultants and conflicts). */
function useAvailabilityWrite<A, R>(write: (arg: A) => Promise<R>) {
  const client = useAppQueryClient()
  return useMutation({ mutationFn: write, onSuccess: () => void client.invalidateQueries({ queryKey: staffKeys.lists }) }, client)
}

export const useUpdateConsultant = () =>
  useAvailabilityWrite<{ id: string; body: ConsultantBody }, ConsultantChange>(({ id, body }) => api.updateConsultant(id, body))
export const useAddTimeOff = () => useAvailabilityWrite<{ id: string; body: TimeOffBody }, ConsultantChange>(({ id, body }) => api.addTimeOff(id, body))
export const useRemoveTimeOff = () => useAvailabilityWrite<{ id: string; timeOffId: string }, null>(({ id, timeOffId }) => api.removeTimeOff(id, timeOffId))
export const useAddConsultant = () => useAvailabilityWrite<NewConsultantBody, Consultant>(api.addConsultant)
export const useSetRoles = () => useAvailabilityWrite<{ id: string; roles: StaffRole[] }, StaffMember>(({ id, roles }) => api.setRoles(id, roles))
