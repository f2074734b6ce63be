import { useState } from 'react'
import { dayIn } from './time'

/**
 * Today's date in `zone`, read once per mount (the console is remounted on every move between
 * its pages): "today" in the agenda stays put while a consultant looks at it.
 */
export function useToday(zone: string): string {
  const [today] = useState(() => dayIn(new Date(), zone))
  return today
}
