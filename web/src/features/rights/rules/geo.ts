import type { Airport, Band } from './types'

/** EU member states, the EEA (Iceland, Liechtenstein, Norway) and Switzerland: where Regulation 261/2004 applies. */
export const EU_EEA_CH = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL',
  'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
  // EEA and Switzerland
  'IS', 'LI', 'NO', 'CH',
  // Outermost regions with their own ISO codes (part of the EU: Guadeloupe, French Guiana, Martinique, Réunion, Mayotte, Saint-Martin)
  'GP', 'GF', 'MQ', 'RE', 'YT', 'MF',
])

export const isEu = (country: string) => EU_EEA_CH.has(country.toUpperCase())
export const isUk = (country: string) => country.toUpperCase() === 'GB'

export const EARTH_RADIUS_KM = 6371

/** Great-circle distance (haversine, R = 6371 km), as CJEU C-559/16 Bossen asks. */
export function greatCircleKm(a: Pick<Airport, 'lat' | 'lon'>, b: Pick<Airport, 'lat' | 'lon'>): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLon = (b.lon - a.lon) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/**
 * Regulation 261/2004 Art. 7(1) bands: short ≤ 1,500 km; medium: intra-EU > 1,500 km and all
 * others 1,500–3,500 km; long: > 3,500 km and not intra-EU.
 */
export function bandFor(km: number, intra: boolean): Band {
  if (km <= 1500) return 'short'
  if (intra || km <= 3500) return 'medium'
  return 'long'
}
