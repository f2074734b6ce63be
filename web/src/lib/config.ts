/**
 * Runtime configuration. The server writes it into the page as a JSON data
 * block (decision 002), so one build serves every deployment.
 */
export interface SocialLinks {
  linkedin?: string
  x?: string
  instagram?: string
  youtube?: string
}

/** Partner booking engines: URL templates with {placeholders} (decision 002; absent = not connected). */
export interface PartnerTemplates {
  flights?: string
  hotels?: string
  trains?: string
}

/** The ad slot kinds (docs/product.md#ads). */
export const AD_SLOT_KINDS = ['top', 'mid-content', 'sidebar', 'bottom', 'mobile'] as const
export type AdSlotKind = (typeof AD_SLOT_KINDS)[number]

/** AdSense: the publisher id and the ad unit of each configured slot kind. */
export interface AdsConfig {
  client: string
  slots: Partial<Record<AdSlotKind, string>>
}

/** The booking form's rules, exactly the server's (`FormLimits` in server/src/consultations). */
export interface BookingLimits {
  nameMin: number
  nameMax: number
  messageMin: number
  messageMax: number
  documentMaxBytes: number
  documentsPerBooking: number
}

/** Every limit the server enforces and the browser checks first: one source, the config block. */
export interface Limits {
  passwordMinLength: number
  booking: BookingLimits
}

/** Only for a page without the block (`vite dev`, unit tests): the server's defaults. */
export const DEFAULT_LIMITS: Limits = {
  passwordMinLength: 6,
  booking: { nameMin: 2, nameMax: 100, messageMin: 10, messageMax: 5000, documentMaxBytes: 10 * 1024 * 1024, documentsPerBooking: 5 },
}

export interface RuntimeConfig {
  siteName: string
  siteUrl: string
  contactEmail: string
  social: SocialLinks
  /** The auth service's base URL (GoTrue API), e.g. https://rumbo.travel/auth/v1. */
  authUrl: string
  /** The public anonymous client key: a JWT that grants nothing by itself (never the service key). */
  anonKey: string
  /** Where the home page's search widget hands a search off to. */
  partners: PartnerTemplates
  /** Google Analytics 4 measurement id; absent: no analytics. Loaded only after consent either way. */
  gaMeasurementId?: string
  /** Absent: no ads (no publisher id or no slot). Loaded only after consent either way. */
  ads?: AdsConfig
  limits: Limits
}

export const PARTNER_KINDS = ['flights', 'hotels', 'trains'] as const satisfies readonly (keyof PartnerTemplates)[]

export const SOCIAL_NETWORKS = ['linkedin', 'x', 'instagram', 'youtube'] as const satisfies readonly (keyof SocialLinks)[]

export const CONFIG_ELEMENT_ID = 'rumbo-config'

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback
}

// Only absolute http(s) links may become hrefs: a bad value must never turn into a javascript: URL.
function webUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined
  } catch {
    return undefined
  }
}

// A template keeps its {placeholders} verbatim (URL parsing would escape the braces); only http(s).
function urlTemplate(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value.trim())) return undefined
  return webUrl(value.trim().replace(/[{}]/g, '')) ? value.trim() : undefined
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
}

function count(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback
}

function parseLimits(raw: unknown): Limits {
  const input = record(raw)
  const booking = record(input.booking)
  const fallback = DEFAULT_LIMITS.booking
  return {
    passwordMinLength: count(input.passwordMinLength, DEFAULT_LIMITS.passwordMinLength),
    booking: {
      nameMin: count(booking.nameMin, fallback.nameMin),
      nameMax: count(booking.nameMax, fallback.nameMax),
      messageMin: count(booking.messageMin, fallback.messageMin),
      messageMax: count(booking.messageMax, fallback.messageMax),
      documentMaxBytes: count(booking.documentMaxBytes, fallback.documentMaxBytes),
      documentsPerBooking: count(booking.documentsPerBooking, fallback.documentsPerBooking),
    },
  }
}

/** Turns whatever the data block holds into a complete config, with safe defaults. */
export function parseRuntimeConfig(raw: unknown, origin: string): RuntimeConfig {
  const input = record(raw)
  const socialInput = record(input.social)
  const social: SocialLinks = {}
  for (const network of SOCIAL_NETWORKS) {
    const url = webUrl(socialInput[network])
    if (url) social[network] = url
  }
  const partnerInput = record(input.partners)
  const partners: PartnerTemplates = {}
  for (const kind of PARTNER_KINDS) {
    const template = urlTemplate(partnerInput[kind])
    if (template) partners[kind] = template
  }
  const config: RuntimeConfig = {
    siteName: text(input.siteName, 'Rumbo'),
    siteUrl: webUrl(input.siteUrl) ?? origin,
    contactEmail: text(input.contactEmail, ''),
    social,
    authUrl: webUrl(input.authUrl)?.replace(/\/+$/, '') ?? `${origin}/auth/v1`,
    anonKey: text(input.anonKey, ''),
    partners,
    limits: parseLimits(input.limits),
  }
  // The server checked the ids' shapes; the code that puts them in a script URL checks again.
  const ads = record(input.ads)
  if (typeof input.gaMeasurementId === 'string') config.gaMeasurementId = input.gaMeasurementId
  if (typeof ads.client === 'string') config.ads = { client: ads.client, slots: record(ads.slots) }
  return config
}

/** Reads the data block; a missing or broken block (e.g. under `vite dev`) gives the defaults. */
export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const element = doc.getElementById(CONFIG_ELEMENT_ID)
  let raw: unknown = {}
  try {
    raw = element?.textContent ? JSON.parse(element.textContent) : {}
  } catch {
    raw = {}
  }
  return parseRuntimeConfig(raw, doc.location?.origin ?? '')
}
