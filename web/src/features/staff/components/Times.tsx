import { useTranslation } from 'react-i18next'
import { useStaff } from '../context'
import { bothZones, formatDay } from '../time'
import type { Instant } from '../types'

interface Props {
  at: Instant
  travellerZone: string | null
  /** Name the day too (a booking's page), or only the time (an agenda's day). */
  withDay?: boolean
}

/** An instant in the consultant's zone, with the traveller's local time beside it when it differs. */
export function Times({ at, travellerZone, withDay = false }: Props) {
  const { t } = useTranslation('staff')
  const { zone, lang } = useStaff()
  const { staff, traveller } = bothZones(at, lang, zone, travellerZone)
  const mine = t('time.inZone', { time: staff.time, offset: staff.offset })
  return (
    <>
      <span className="font-semibold text-ocean-900">{withDay ? t('time.dayAndTime', { day: formatDay(staff.day, lang), time: mine }) : mine}</span>
      {traveller && (
        <span className="block text-sm text-slate-600">
          {traveller.day === staff.day && !withDay
            ? t('time.traveller', { time: traveller.time, offset: traveller.offset })
            : t('time.travellerDay', { day: formatDay(traveller.day, lang, 'short'), time: traveller.time, offset: traveller.offset })}
        </span>
      )}
    </>
  )
}
