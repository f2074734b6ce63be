import type {
  AdviceBody,
  AuditEntry,
  Availability,
  BookingDetail,
  BookingSummary,
  CaseFilter,
  Consultant,
  ConsultantBody,
  ConsultantChange,
  IsoDate,
  Items,
  Me,
  MeetingBody,
  NewConsultantBody,
  Opinion,
  OpinionBody,
  Outcome,
  StaffMember,
  StaffRole,
  TimeOff,
  TimeOffBody,
} from '../types'
import { enc, staffBlob, staffRequest } from './client'

/** The staff API (issue 14's contract), one function per endpoint, under /api/v1/staff/. */

export const fetchMe = (signal?: AbortSignal) => staffRequest<Me>('me', { signal })

/** Confirmed bookings whose start falls on the days `from`..`to`; `consultant` absent: everyone's. */
export const fetchBookings = (from: IsoDate, to: IsoDate, consultant: 'mine' | null, signal?: AbortSignal) =>
  staffRequest<Items<BookingSummary>>('bookings', { query: { from, to, consultant }, signal })

export const fetchBooking = (id: string, signal?: AbortSignal) => staffRequest<BookingDetail>(`bookings/${enc(id)}`, { signal })

const post = <T>(path: string, json?: unknown) => staffRequest<T>(path, { method: 'POST', json })
const put = <T>(path: string, json: unknown) => staffRequest<T>(path, { method: 'PUT', json })

export const recordOutcome = (id: string, outcome: Outcome) => post<BookingDetail>(`bookings/${enc(id)}/outcome`, { outcome })
export const setMeeting = (id: string, body: MeetingBody) => put<BookingDetail>(`bookings/${enc(id)}/meeting`, body)
export const reschedule = (id: string, start: string) => post<BookingDetail>(`bookings/${enc(id)}/reschedule`, { start })
export const reassign = (id: string, consultantId: string) => post<BookingDetail>(`bookings/${enc(id)}/reassign`, { consultantId })
export const saveOpinion = (id: string, body: OpinionBody) => put<Opinion>(`bookings/${enc(id)}/opinion`, body)
export const sendAdvice = (id: string, body: AdviceBody) => post<BookingDetail>(`bookings/${enc(id)}/advice`, body)
export const closeCase = (id: string) => post<BookingDetail>(`bookings/${enc(id)}/close`)
export const fetchDocument = (bookingId: string, documentId: string) => staffBlob(`bookings/${enc(bookingId)}/documents/${enc(documentId)}`)

export const fetchCases = (filter: CaseFilter, signal?: AbortSignal) => staffRequest<Items<BookingSummary>>('cases', { query: { filter }, signal })

export const fetchOpinions = (status: Opinion['status'], signal?: AbortSignal) =>
  staffRequest<Items<Opinion>>('opinions', { query: { status }, signal })
export const approveOpinion = (id: string) => post<Opinion>(`opinions/${enc(id)}/approve`)

export const fetchAvailability = (signal?: AbortSignal) => staffRequest<Availability>('availability', { signal })
export const addConsultant = (body: NewConsultantBody) => post<Consultant>('consultants', body)
export const updateConsultant = (id: string, body: ConsultantBody) => put<ConsultantChange>(`consultants/${enc(id)}`, body)
export const addTimeOff = (id: string, body: TimeOffBody) => post<ConsultantChange>(`consultants/${enc(id)}/time-off`, body)
export const removeTimeOff = (id: string, timeOff: TimeOff['id']) =>
  staffRequest<null>(`consultants/${enc(id)}/time-off/${enc(timeOff)}`, { method: 'DELETE' })

// The team and the log answer bare arrays (the existing endpoints of decision 013, as the
// generated OpenAPI types say), not `{ items }`.
export const fetchMembers = (signal?: AbortSignal) => staffRequest<StaffMember[]>('members', { signal })
export const setRoles = (id: string, roles: StaffRole[]) => put<StaffMember>(`members/${enc(id)}/roles`, { roles })
export const fetchAudit = (limit: number, signal?: AbortSignal) => staffRequest<AuditEntry[]>('audit', { query: { limit }, signal })
