import { onResponse } from '../../../lib/api-client'

// Server time minus browser time, from the Date header of the API's answers: the reservation's
// countdown and the downloads' expiry use the server's clock, so a visitor whose clock is off
// still sees the right minutes. (The consultations keep their own for the same reason.)
let offsetMs = 0

onResponse((response) => {
  const date = Date.parse(response.headers.get('date') ?? '')
  if (!Number.isFinite(date)) return
  // The header has whole seconds: a difference below that precision is no difference.
  const offset = date - Date.now()
  offsetMs = Math.abs(offset) > 1500 ? offset : 0
})

/** Now, by the server's clock as last seen. */
export function serverNow(): number {
  return Date.now() + offsetMs
}

/** "14:59", "0:05": minutes and seconds left (never negative). */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}
