import { bandFor, greatCircleKm, isEu, isUk } from './geo'
import type { Band, CheckInput, Entitlement, ExpertReason, NotOwed, Reason } from './types'

/** What every rule reads: the input and the facts derived from it once. */
export interface Ctx {
  input: CheckInput
  /** Great-circle km between first departure and final destination (not rounded). */
  km: number
  intraEu: boolean
  intraUk: boolean
  /** Band under Regulation 261/2004 (intra-EU decides the medium band). */
  euBand: Band
  /** Band under UK261 (flights within the UK take the "intra" role). */
  ukBand: Band
  international: boolean
  /** Arrival delay at the final destination, minutes. */
  delay: number | undefined
  /** Time waited at the airport, minutes (the arrival delay when not given). */
  wait: number | undefined
}

/** What rules write. */
export interface Out {
  owed: Entitlement[]
  notOwed: NotOwed[]
  expert: Set<ExpertReason>
}

export function contextOf(input: CheckInput): Ctx {
  const km = greatCircleKm(input.from, input.to)
  const intraEu = isEu(input.from.country) && isEu(input.to.country)
  const intraUk = isUk(input.from.country) && isUk(input.to.country)
  const delay = input.arrivalDelayMinutes
  return {
    input,
    km,
    intraEu,
    intraUk,
    euBand: bandFor(km, intraEu),
    ukBand: bandFor(km, intraUk),
    international: input.from.country.toUpperCase() !== input.to.country.toUpperCase(),
    delay,
    wait: input.waitMinutes ?? delay,
  }
}

/** Art. 5(3) of Regulation 261/2004: causes that excuse the airline from compensation. */
export const EXTRAORDINARY: ReadonlySet<Reason> = new Set([
  'weather',
  'air_traffic_control',
  'security',
  'external_strike',
  'medical_emergency',
])
