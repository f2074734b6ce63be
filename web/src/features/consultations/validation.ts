import { knownCountry } from '../../lib/countries'
import { isEmailShaped } from '../../lib/email'
import { DEFAULT_LIMITS, type BookingLimits } from '../../lib/config'

/**
 * The rules of the booking flow, answered with the server's own field codes
 * (`validation_failed` + `fields`, docs/product.md#booking-form), so one table of messages serves the
 * check in the browser and the server's answer alike. The server checks again.
 */

/** The limits come from the config block (`useConfig().limits.booking`): the server's own. */

export interface BookingFormValues {
  name: string
  email: string
  country: string
  message: string
}
export type BookingFormField = keyof BookingFormValues | 'slot_start'

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>

/** Characters as a reader counts them (an accented letter or an emoji is one). */
function length(value: string): number {
  return [...value.trim()].length
}

export function validateBookingForm(
  values: BookingFormValues,
  slotStart: string | null,
  limits: BookingLimits = DEFAULT_LIMITS.booking,
): FieldErrors<BookingFormField> {
  const errors: FieldErrors<BookingFormField> = {}
  if (!slotStart) errors.slot_start = 'slot_required'
  if (length(values.name) < limits.nameMin) errors.name = 'name_too_short'
  if (!isEmailShaped(values.email)) errors.email = 'invalid_email'
  if (!knownCountry(values.country)) errors.country = 'country_required'
  if (length(values.message) < limits.messageMin) errors.message = 'message_too_short'
  return errors
}

// ---------------------------------------------------------------------------------------------
// Travel documents (docs/product.md#travel-documents): PDF, JPEG or PNG, `documentMaxBytes` each, `documentsPerBooking`. The server
// sniffs the content; the browser does the same with the first bytes, so a renamed file is
// refused before it is uploaded.

export const DOCUMENT_ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png'

export type DocumentKind = 'pdf' | 'jpeg' | 'png'

/** The kind of a file from its first bytes (magic numbers), or null. */
export function sniffDocument(head: Uint8Array): DocumentKind | null {
  const starts = (...bytes: number[]) => bytes.every((byte, i) => head[i] === byte)
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf' // %PDF-
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg'
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png'
  return null
}

function firstBytes(file: Blob): Promise<Uint8Array> {
  const slice = file.slice(0, 8)
  if (typeof slice.arrayBuffer === 'function') return slice.arrayBuffer().then((buffer) => new Uint8Array(buffer))
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.addEventListener('load', () => resolve(new Uint8Array(reader.result as ArrayBuffer)))
    reader.addEventListener('error', () => reject(reader.error ?? new Error('unreadable file')))
    reader.readAsArrayBuffer(slice)
  })
}

/** The server's code for a file it would refuse, or null when the file can be sent. */
export async function checkDocument(
  file: Blob,
  maxBytes = DEFAULT_LIMITS.booking.documentMaxBytes,
): Promise<'document_too_large' | 'unsupported_document' | null> {
  if (file.size > maxBytes) return 'document_too_large'
  return sniffDocument(await firstBytes(file)) ? null : 'unsupported_document'
}
