import type {
  AdviceBody,
  AuditEntry,
  Availability,
  BookingDetail,
  CaseFilter,
  Consultant,
  ConsultantBody,
  ConsultantChange,
  IsoDate,
  Me,
  MeetingBody,
  NewConsultantBody,
  Opinion,
  OpinionBody,
  OpinionList,
  OpinionStatus,
  Outcome,
  OutcomeRequest,
  ReassignRequest,
  RolesChange,
  StaffBookingList,
  StaffMember,
  StaffRescheduleRequest,
  StaffRole,
  TimeOff,
  TimeOffBody,
} from '../types'
import { enc, staffBlob, staffRequest } from './client'

/** The staff API (the OpenAPI document's `staff` operations), one function per endpoint, under /api/v1/staff/. */

export const fetchMe = (signal?: AbortSignal) => staffRequest<Me>('me', { signal })

/**
 * Confirmed bookings whose start falls on the days `from`..`to`, counted in the caller's
 * consultant zone (else the site's); `consultant` absent: everyone's.
 */
export const fetchBookings = (from: IsoDate, to: IsoDate, consultant: 'mine' | null, signal?: AbortSignal) =>
  staffRequest<StaffBookingList>('bookings', { query: { from, to, consultant }, signal })

export const fetchBooking = (id: string, signal?: AbortSignal) => staffRequest<BookingDetail>(`bookings/${enc(id)}`, { signal })

const post = <T>(path: string, json?: unknown) => staffRequest<T>(path, { method: 'POST', json })
const put = <T>(path: string, json: unknown) => staffRequest<T>(path, { method: 'PUT', json })

export const recordOutcome = (id: string, outcome: Outcome) => post<BookingDetail>(`bookings/${enc(id)}/outcome`, { outcome } satisfies OutcomeRequest)
export const setMeeting = (id: string, body: MeetingBody) => put<BookingDetail>(`bookings/${enc(id)}/meeting`, body)
export const reschedule = (id: string, start: string) => post<BookingDetail>(`bookings/${enc(id)}/reschedule`, { start } satisfies StaffRescheduleRequest)
export const reassign = (id: string, consultantId: string) =>
  post<BookingDetail>(`bookings/${enc(id)}/reassign`, { consultant_id: consultantId } satisfies ReassignRequest)
export const saveOpinion = (id: string, body: OpinionBody) => put<Opinion>(`bookings/${enc(id)}/opinion`, body)
export const sendAdvice = (id: string, body: AdviceBody) => post<BookingDetail>(`bookings/${enc(id)}/advice`, body)
export const closeCase = (id: string) => post<BookingDetail>(`bookings/${enc(id)}/close`)
export const fetchDocument = (bookingId: string, documentId: string) => staffBlob(`bookings/${enc(bookingId)}/documents/${enc(documentId)}`)

export const fetchCases = (filter: CaseFilter, signal?: AbortSignal) => staffRequest<StaffBookingList>('cases', { query: { filter }, signal })

export const fetchOpinions = (status: OpinionStatus, signal?: AbortSignal) =>
  staffRequest<OpinionList>('opinions', { query: { status }, signal })
export const approveOpinion = (id: string) => post<Opinion>(`opinions/${enc(id)}/approve`)

export const fetchAvailability = (signal?: AbortSignal) => staffRequest<Availability>('availability', { signal })
export const addConsultant = (body: NewConsultantBody) => post<Consultant>('consultants', body)
export const updateConsultant = (id: string, body: ConsultantBody) => put<ConsultantChange>(`consultants/${enc(id)}`, body)
export const addTimeOff = (id: string, body: TimeOffBody) => post<ConsultantChange>(`consultants/${enc(id)}/time-off`, body)
export const removeTimeOff = (id: string, timeOffId: TimeOff['id']) =>
  staffRequest<null>(`consultants/${enc(id)}/time-off/${enc(timeOffId)}`, { method: 'DELETE' })

// The team and the log answer bare arrays (the existing endpoints of decision 013, as the
// generated OpenAPI types say), not `{ items }`.
export const fetchMembers = (signal?: AbortSignal) => staffRequest<StaffMember[]>('members', { signal })
export const setRoles = (id: string, roles: StaffRole[]) => put<StaffMember>(`members/${enc(id)}/roles`, { roles } satisfies RolesChange)
export const fetchAudit = (limit: number, signal?: AbortSignal) => staffRequest<AuditEntry[]>('audit', { query: { limit }, signal })
