import { useTranslation } from 'react-i18next'
import type { Lang } from '../../../i18n/languages'
import { CONSULTANT_ZONE, slotTimes, visitorTimeZone } from '../time'

interface Props {
  start: string
  lang: Lang
  /** The consultant zone the API named (America/Bogota). */
  zone?: string
  /** Show the day too (a list of bookings), or only the time (a day's times). */
  withDay?: boolean
}

/**
 * One instant the way the flow shows every time: in UTC-5 (the consultants' zone) and, when
 * it differs, in the visitor's own zone beside it (docs/product.md#availability).
 */
export function ZonedTimes({ start, lang, zone = CONSULTANT_ZONE, withDay = false }: Props) {
  const { t } = useTranslation('consultations')
  const { consultant, local } = slotTimes(start, lang, visitorTimeZone(), zone)
  const main = t('time.inZone', { time: consultant.time, offset: consultant.offset })
  return (
    <>
      <span>{withDay ? t('time.dayAndTime', { day: consultant.dayText, time: main }) : main}</span>
      {local && (
        <span className="block text-sm text-slate-600">
          {withDay || !local.sameDay
            ? t('time.yourDayAndTime', { day: local.dayText, time: local.time, offset: local.offset })
            : t('time.yourTime', { time: local.time, offset: local.offset })}
        </span>
      )}
    </>
  )
}
