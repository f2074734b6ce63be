import { COUNTRIES } from '../../../lib/countries'
import { isEmailShaped } from '../../../lib/email'
import type { AddressRequest } from '../types'

/**
 * The checkout form's rules: the contact e-mail, and the shipping address when the cart
 * holds physical goods, with each country's postal-code format and whether it needs a
 * state or province. The answers are field codes (checkout:fieldErrors.<code>), so the
 * browser's checks and the server's 422 show the same words. The server checks again.
 */

export interface AddressValues {
  name: string
  line1: string
  line2: string
  city: string
  region: string
  postal_code: string
  /** ISO 3166-1 alpha-2, as the API wants it. */
  country: string
  phone: string
}

export const EMPTY_ADDRESS: AddressValues = { name: '', line1: '', line2: '', city: '', region: '', postal_code: '', country: '', phone: '' }

export type AddressField = keyof AddressValues
export type CheckoutField = 'email' | AddressField | 'shipping_method'

/**
 * Every problem a checkout field can have; each has its sentence in checkout:fieldErrors. The
 * server's field codes of a 400 `validation_failed` are read into these (problems.ts).
 */
export const FIELD_PROBLEMS = [
  'invalid_email',
  'required',
  'name_required',
  'address_required',
  'city_required',
  'region_required',
  'postal_code_required',
  'postal_code_invalid',
  'country_required',
  'phone_invalid',
  'shipping_method_required',
  'too_long',
  'invalid_characters',
  'invalid',
] as const
export type FieldProblem = (typeof FIELD_PROBLEMS)[number]

export type CheckoutErrors = Partial<Record<CheckoutField, FieldProblem>>

// Postal codes ------------------------------------------------------------------------------------

interface PostalRule {
  /** Matched against the code in capitals, its spaces collapsed: separators only where they belong. */
  pattern: RegExp
  /** A real-looking code, shown in the hint and the error ("e.g. 28013"). */
  example: string
  /** The code as it is written, from its form without spaces or hyphens. */
  format?: (compact: string) => string
  /** The country has codes, but mail arrives without one: checked only when given. */
  optional?: boolean
}

const split = (at: number, separator: string) => (compact: string) => `${compact.slice(0, at)}${separator}${compact.slice(at)}`

/** `count` digits; with `at`, an optional hyphen or space after the first `at`, written with `separator`. */
function digits(count: number, example: string, extra: Partial<PostalRule> & { at?: number; separator?: string } = {}): PostalRule {
  const { at, separator = '-', ...rest } = extra
  const pattern = at === undefined ? new RegExp(`^\\d{${count}}$`) : new RegExp(`^\\d{${at}}[- ]?\\d{${count - at}}$`)
  return { pattern, example, ...(at === undefined ? {} : { format: split(at, separator) }), ...rest }
}

const zip: PostalRule = { pattern: /^\d{5}([- ]?\d{4})?$/, example: '10001', format: (c) => (c.length === 9 ? split(5, '-')(c) : c) }
const CANADA = 'ABCEGHJ-NPRSTV-Z'

/**
 * The postal-code formats of the countries the site lists (lib/countries.ts), and a few more.
 * A country not here and not in NO_POSTAL_CODE takes any short code, or none.
 */
export const POSTAL_RULES: Record<string, PostalRule> = {
  AR: { pattern: /^([A-Z]\d{4}[A-Z]{3}|\d{4})$/, example: 'C1425DKF' }, // CPA, or the older four digits
  AT: digits(4, '1010'),
  AU: digits(4, '2000'),
  BE: digits(4, '1000'),
  BR: digits(8, '01310-100', { at: 5 }),
  CA: { pattern: new RegExp(`^[ABCEGHJ-NPRSTVXY]\\d[${CANADA}] ?\\d[${CANADA}]\\d$`), example: 'K1A 0B1', format: split(3, ' ') },
  CH: digits(4, '8001'),
  CL: digits(7, '8320000'),
  CN: digits(6, '100000'),
  CO: digits(6, '110111'),
  CR: digits(5, '10101'),
  CU: digits(5, '10400', { optional: true }),
  CV: digits(4, '7600', { optional: true }),
  CZ: digits(5, '110 00', { at: 3, separator: ' ' }),
  DE: digits(5, '10115'),
  DK: digits(4, '1050'),
  DO: digits(5, '10101'),
  EC: digits(6, '170150'),
  ES: { pattern: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/, example: '28013' }, // 01–52: the provinces
  FI: digits(5, '00100'),
  FR: digits(5, '75001'),
  GB: { pattern: /^([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|GIR ?0AA)$/, example: 'SW1A 1AA', format: (c) => split(c.length - 3, ' ')(c) },
  GR: digits(5, '105 57', { at: 3, separator: ' ' }),
  GT: digits(5, '01001'),
  GW: digits(4, '1000', { optional: true }),
  HN: digits(5, '11101', { optional: true }),
  HR: digits(5, '10000'),
  HT: digits(4, '6110', { optional: true }),
  HU: digits(4, '1051'),
  // Eircode: a routing key, then a unique identifier.
  IE: { pattern: /^([AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/, example: 'D02 X285', format: split(3, ' '), optional: true },
  IN: { pattern: /^[1-9]\d{2} ?\d{3}$/, example: '110001' },
  IT: digits(5, '00184'),
  JP: digits(7, '100-0001', { at: 3 }),
  KR: digits(5, '03187'),
  MX: digits(5, '06600'),
  MZ: digits(4, '1100', { optional: true }),
  NI: digits(5, '11001', { optional: true }),
  NL: { pattern: /^[1-9]\d{3} ?[A-Z]{2}$/, example: '1012 AB', format: split(4, ' ') },
  NO: digits(4, '0150'),
  NZ: digits(4, '6011'),
  PA: digits(4, '0801', { optional: true }),
  PE: digits(5, '15001'),
  PL: digits(5, '00-950', { at: 2 }),
  PR: { pattern: /^00[679]\d{2}([- ]?\d{4})?$/, example: '00901', format: zip.format! },
  PT: digits(7, '1100-148', { at: 4 }),
  PY: digits(6, '001001'),
  RO: digits(6, '010011'),
  SE: digits(5, '111 29', { at: 3, separator: ' ' }),
  SV: digits(4, '1101', { optional: true }),
  TR: digits(5, '34000'),
  TT: digits(6, '100101', { optional: true }),
  US: zip,
  UY: digits(5, '11000'),
  VE: digits(4, '1010'),
  ZA: digits(4, '0001'),
}

/** Countries whose addresses have no postal code: the field is left out. */
export const NO_POSTAL_CODE: ReadonlySet<string> = new Set([
  'AE', 'AG', 'AO', 'AW', 'BF', 'BI', 'BJ', 'BO', 'BS', 'BW', 'BZ', 'CD', 'CF', 'CG', 'CI', 'CK', 'CM', 'DJ', 'DM', 'ER', 'FJ',
  'GA', 'GD', 'GH', 'GM', 'GQ', 'GY', 'HK', 'JM', 'KI', 'KM', 'KN', 'LC', 'ML', 'MO', 'MR', 'MS', 'MW', 'NR', 'NU', 'QA', 'RW',
  'SB', 'SC', 'SL', 'SO', 'SR', 'ST', 'SY', 'TD', 'TG', 'TK', 'TL', 'TO', 'TV', 'UG', 'VU', 'YE', 'ZW',
])

/** Whether an address in `country` has a postal-code field at all. */
export function hasPostalCode(country: string): boolean {
  return !NO_POSTAL_CODE.has(country)
}

/** Whether the field must be filled in (a country with a format that mail depends on). */
export function postalCodeRequired(country: string): boolean {
  const rule = POSTAL_RULES[country]
  return rule !== undefined && !rule.optional
}

/** "e.g." material for the hint and the error. */
export function postalCodeExample(country: string): string | null {
  return POSTAL_RULES[country]?.example ?? null
}

/** Capitals, no space at the ends, one space inside at most. */
const tidy = (value: string) => value.trim().toUpperCase().replace(/\s+/g, ' ')

/** The code as it is written in `country` (capitals, its space or hyphen); other text is only tidied. */
export function normalizePostalCode(country: string, value: string): string {
  const rule = POSTAL_RULES[country]
  const code = tidy(value)
  if (!rule || !rule.pattern.test(code)) return code
  const compact = code.replace(/[\s-]/g, '')
  return rule.format ? rule.format(compact) : compact
}

export function checkPostalCode(country: string, value: string): 'postal_code_required' | 'postal_code_invalid' | null {
  if (!hasPostalCode(country)) return null
  const rule = POSTAL_RULES[country]
  const code = tidy(value)
  if (code === '') return rule && !rule.optional ? 'postal_code_required' : null
  if (rule) return rule.pattern.test(code) ? null : 'postal_code_invalid'
  // Elsewhere: letters, digits, spaces and hyphens, as postal codes are written.
  return /^[A-Z0-9][A-Z0-9 -]{1,11}$/.test(code) ? null : 'postal_code_invalid'
}

// States, provinces -------------------------------------------------------------------------------

/** What the region field is called in a country (checkout:address.regionLabels.<label>). */
export type RegionLabel = 'state' | 'province' | 'department' | 'prefecture' | 'region'

/** Countries whose addresses need a state, province or the like, and what it is called there. */
export const REGION_REQUIRED: Record<string, RegionLabel> = {
  AR: 'province',
  AU: 'state',
  BR: 'state',
  CA: 'province',
  CN: 'province',
  CO: 'department',
  IN: 'state',
  JP: 'prefecture',
  MX: 'state',
  US: 'state',
}

export function regionRequired(country: string): boolean {
  return country in REGION_REQUIRED
}

export function regionLabel(country: string): RegionLabel {
  return REGION_REQUIRED[country] ?? 'region'
}

// The whole form ---------------------------------------------------------------------------------

/** The longest each field may be (within the server's limit of 120 characters a line). */
export const MAX_LENGTH: Record<'email' | AddressField, number> = {
  email: 254,
  name: 100,
  line1: 100,
  line2: 100,
  city: 80,
  region: 80,
  postal_code: 12,
  country: 2,
  phone: 30,
}

/** Control and text-direction characters, which the server refuses in free text. */
// oxlint-disable-next-line no-control-regex -- finding them is the point
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

const KNOWN_CODES: ReadonlySet<string> = new Set(COUNTRIES.map(([code]) => code))

export function isListedCountry(code: string): boolean {
  return KNOWN_CODES.has(code)
}

function length(value: string): number {
  return [...value.trim()].length
}

/** A text field's own problems: too long, forbidden characters. */
function textProblem(value: string, max: number): FieldProblem | null {
  if (FORBIDDEN.test(value)) return 'invalid_characters'
  return length(value) > max ? 'too_long' : null
}

export function checkEmail(email: string): FieldProblem | null {
  return textProblem(email, MAX_LENGTH.email) ?? (isEmailShaped(email) ? null : 'invalid_email')
}

export function checkPhone(phone: string): FieldProblem | null {
  if (phone.trim() === '') return null
  const count = phone.replace(/\D/g, '').length
  return /^\+?[\d\s().-]+$/.test(phone.trim()) && count >= 6 && count <= 15 ? null : 'phone_invalid'
}

/** The address's problems, field by field (empty: it can be sent). */
export function validateAddress(values: AddressValues): Partial<Record<AddressField, FieldProblem>> {
  const errors: Partial<Record<AddressField, FieldProblem>> = {}
  const required = (field: AddressField, problem: FieldProblem, min = 1) => {
    const own = textProblem(values[field], MAX_LENGTH[field])
    if (own) errors[field] = own
    else if (length(values[field]) < min) errors[field] = problem
  }
  required('name', 'name_required', 2)
  if (!isListedCountry(values.country)) errors.country = 'country_required'
  required('line1', 'address_required', 2)
  const line2 = textProblem(values.line2, MAX_LENGTH.line2)
  if (line2) errors.line2 = line2
  required('city', 'city_required')
  if (regionRequired(values.country)) required('region', 'region_required')
  else {
    const region = textProblem(values.region, MAX_LENGTH.region)
    if (region) errors.region = region
  }
  const postal = textProblem(values.postal_code, MAX_LENGTH.postal_code) ?? checkPostalCode(values.country, values.postal_code)
  if (postal) errors.postal_code = postal
  const phone = textProblem(values.phone, MAX_LENGTH.phone) ?? checkPhone(values.phone)
  if (phone) errors.phone = phone
  return errors
}

export interface CheckoutValues {
  email: string
  address: AddressValues
  shippingMethod: string | null
}

/** Everything the order needs before it is placed; the address only for physical goods. */
export function validateCheckout(values: CheckoutValues, hasPhysical: boolean): CheckoutErrors {
  const errors: CheckoutErrors = {}
  const email = checkEmail(values.email)
  if (email) errors.email = email
  if (hasPhysical) {
    Object.assign(errors, validateAddress(values.address))
    if (!values.shippingMethod) errors.shipping_method = 'shipping_method_required'
  }
  return errors
}

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim())

/** The address as it is sent: trimmed, the postal code in its country's form, empty optional fields left out. */
export function toAddress(values: AddressValues): AddressRequest {
  return {
    name: values.name.trim(),
    line1: values.line1.trim(),
    line2: optional(values.line2),
    city: values.city.trim(),
    region: optional(values.region),
    postal_code: hasPostalCode(values.country) ? normalizePostalCode(values.country, values.postal_code) : '',
    country: values.country,
    phone: optional(values.phone),
  }
}

/** The order in which the form shows the fields: the first invalid one takes the focus. */
export const FIELD_ORDER: readonly CheckoutField[] = [
  'email',
  'country',
  'name',
  'line1',
  'line2',
  'city',
  'region',
  'postal_code',
  'phone',
  'shipping_method',
]
