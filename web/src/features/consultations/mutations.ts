import { useMutation, type QueryClient } from '@tanstack/react-query'
import type { Booking, BookingDocument, CardDetails } from '../../lib/api/types'
import { useAppQueryClient } from '../../lib/query/query-client'
import { askQuestion, cancelBooking, createBooking, payBooking, rescheduleBooking, uploadDocument, type Credentials } from './api'
import { consultationKeys } from './queries'
import type { BookingRequestBody, CaseMessage, ManagedBooking } from './types'

/**
 * One TanStack Query mutation per consultations write (hold, payment, cancellation, move,
 * document). On success each puts the booking's new view in every cached read of it (whatever
 * the credentials it was read with), without asking again, and marks My consultations stale.
 */
export function storeBooking(client: QueryClient, booking: Booking): void {
  client.setQueriesData<Booking>({ queryKey: consultationKeys.bookingById(booking.id) }, (old) =>
    // The hold's answer carries the private token once; cached views keep what they had.
    old ? { ...old, ...booking } : old,
  )
  void client.invalidateQueries({ queryKey: consultationKeys.myBookingsAll })
}

export interface HoldVariables {
  body: BookingRequestBody
  idempotencyKey: string
  authToken: string | null
}

/** POST bookings: a 15-minute hold; the same key and body give back the same booking. */
export function useCreateHold() {
  const client = useAppQueryClient()
  return useMutation(
    {
      mutationFn: ({ body, idempotencyKey, authToken }: HoldVariables) => createBooking(body, idempotencyKey, authToken),
      onSuccess: (booking) => storeBooking(client, booking),
    },
    client,
  )
}

export function usePayBooking() {
  const client = useAppQueryClient()
  return useMutation(
    {
      mutationFn: ({ id, card, credentials }: { id: string; card: CardDetails; credentials: Credentials }) => payBooking(id, card, credentials),
      onSuccess: (booking) => storeBooking(client, booking),
    },
    client,
  )
}

export function useCancelBooking() {
  const client = useAppQueryClient()
  return useMutation(
    {
      mutationFn: ({ id, credentials }: { id: string; credentials: Credentials }) => cancelBooking(id, credentials),
      onSuccess: (booking) => storeBooking(client, booking),
    },
    client,
  )
}

export interface RescheduleVariables {
  id: string
  credentials: Credentials
  slotStart: string
  card?: CardDetails | undefined
}

export function useRescheduleBooking() {
  const client = useAppQueryClient()
  return useMutation(
    {
      mutationFn: ({ id, credentials, slotStart, card }: RescheduleVariables) => rescheduleBooking(id, credentials, slotStart, card),
      onSuccess: (booking) => storeBooking(client, booking),
    },
    client,
  )
}

/** Adds one travel document to a held booking (with its private token). */
export function useUploadDocument() {
  const client = useAppQueryClient()
  return useMutation(
    {
      mutationFn: ({ id, token, file }: { id: string; token: string; file: File }) => uploadDocument(id, token, file),
      onSuccess: (document: BookingDocument, { id }) => {
        client.setQueriesData<Booking>({ queryKey: consultationKeys.bookingById(id) }, (old) =>
          old && !old.documents.some((known) => known.id === document.id) ? { ...old, documents: [...old.documents, document] } : old,
        )
      },
    },
    client,
  )
}

/** Sends a question about the case; the answer (the kept message) joins every cached view of the booking. */
export function useAskQuestion() {
  const client = useAppQueryClient()
  return useMutation(
    {
      mutationFn: ({ id, credentials, message }: { id: string; credentials: Credentials; message: string }) => askQuestion(id, credentials, message),
      onSuccess: (message: CaseMessage, { id }) => {
        client.setQueriesData<ManagedBooking>({ queryKey: consultationKeys.bookingById(id) }, (old) =>
          old?.case && !old.case.messages.some((known) => known.id === message.id)
            ? { ...old, case: { ...old.case, messages: [...old.case.messages, message] } }
            : old,
        )
      },
    },
    client,
  )
}
