import type { Ctx, Out } from './context'
import type { Incident, RegimeId, Source } from './types'

/**
 * One rule of the table: where it comes from, which incidents it reads, and what it writes
 * (owed, not owed, expert). `apply` runs only when the regime covers the trip and the incident
 * is one of `incidents`.
 */
export interface Rule {
  id: string
  regime: RegimeId
  source: Source
  incidents: readonly Incident[]
  apply(ctx: Ctx, out: Out): void
}

export const FLIGHT_INCIDENTS: readonly Incident[] = ['delay', 'cancellation', 'denied_boarding', 'missed_connection']
export const LUGGAGE_INCIDENTS: readonly Incident[] = ['luggage_lost', 'luggage_delayed', 'luggage_damaged']
