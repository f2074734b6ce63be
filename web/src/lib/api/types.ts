/**
 * The API's shapes for the rest of the app: aliases of the types generated from the
 * server's OpenAPI document (`schema.gen.ts`, `npm run gen:api`). Features import from
 * here, never from the generated file, so a regenerated document changes one place.
 */
import type * as Hand from './consultations.hand'
import type { components } from './schema.gen'

type Schemas = components['schemas']

/** The /api/v1 error envelope and its stable codes. */
export type ApiErrorBody = Schemas['ApiError']
export type ErrorCode = Schemas['ErrorCode']
export type Lang = Schemas['Lang']

// Content (posts, destinations; the page data block carries the same JSON).
export type ImageInfo = Schemas['Image']
export type PostSummary = Schemas['PostSummary']
export type PostPage = Schemas['PostPage']
export type PostDetail = Schemas['PostDetail']
export type DestinationLink = Schemas['DestinationLink']
/** The document types `kind` as a string (its `DestinationKind` schema is missing); the server sends these three. */
export type DestinationKind = 'region' | 'type' | 'theme'
type WithKind<T> = Omit<T, 'kind'> & { kind: DestinationKind }
export type DestinationSummary = WithKind<Schemas['DestinationSummary']>
export type DestinationList = { items: DestinationSummary[] }
export type DestinationDetail = WithKind<Schemas['DestinationDetail']> & { posts: PostSummary[] }

// Newsletter.
export type SubscribeBody = Schemas['SubscribeBody']
export type CheckInbox = Schemas['CheckInbox']
export type Confirmed = Schemas['Confirmed']
export type StateChanged = Schemas['StateChanged']
export type SubscriptionState = Schemas['SubscriptionState']

// First-party event counts, profile, geo.
export type EventBody = Schemas['EventBody']
export type EventName = Schemas['EventNameValue']
export type Profile = Schemas['Profile']
export type ProfileChanges = Schemas['ProfileChanges']
export type Country = Schemas['Country']

// Consultations: hand-written until the document covers them (see consultations.hand.ts).
export type PlanId = Hand.PlanId
export type Plan = Hand.Plan
export type Testimonial = Hand.Testimonial
export type Slot = Hand.Slot
export type SlotsAnswer = Hand.SlotsAnswer
export type BookingStatus = Hand.BookingStatus
export type PaymentStatus = Hand.PaymentStatus
export type BookingDocument = Hand.BookingDocument
export type BookingPayment = Hand.BookingPayment
export type Booking = Hand.Booking
export type BookingRequest = Hand.BookingRequest
export type CardDetails = Hand.CardDetails
