/**
 * Hand-written shapes of issue 14's additions to the consultations API (the contract in
 * docs/decisions/014-consultants-deliver.md), which the generated OpenAPI types
 * (lib/api/types.ts) do not have yet. Once `npm run gen:api` knows them, these become aliases.
 */
import type { BookingRequest } from '../../lib/api/types'

/** What the booking form sends: the generated request plus the visitor's IANA time zone. */
export type BookingRequestBody = BookingRequest & {
  /** `Intl.DateTimeFormat().resolvedOptions().timeZone`; left out when the browser does not say. */
  timeZone?: string | undefined
}
