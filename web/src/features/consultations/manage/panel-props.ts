import type { Lang } from '../../../i18n/languages'
import type { Booking } from '../../../lib/api/types'
import type { Credentials } from '../api'

/** What the booking page gives its cancel and reschedule panels. */
export interface PanelProps {
  booking: Booking
  lang: Lang
  credentials: Credentials
  /** The change is made: the page shows the new booking and says `message`. */
  onDone: (booking: Booking, message: string) => void
  onClose: () => void
}
