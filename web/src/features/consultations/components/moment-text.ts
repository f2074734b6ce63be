import type { TFunction } from 'i18next'
import type { Lang } from '../../../i18n/languages'
import { CONSULTANT_ZONE, slotTimes, visitorTimeZone } from '../time'

/**
 * An instant inside a sentence ("until Monday, November 23, 2026, 9:00 AM (UTC-5) · your time …"):
 * the consultants' zone first, the visitor's own beside it when it differs.
 */
export function momentText(t: TFunction<'consultations'>, instant: string, lang: Lang, zone: string = CONSULTANT_ZONE): string {
  const { consultant, local } = slotTimes(instant, lang, visitorTimeZone(), zone)
  const main = t('time.dayAndTime', { day: consultant.dayText, time: t('time.inZone', { time: consultant.time, offset: consultant.offset }) })
  if (!local) return main
  return `${main} · ${t('time.yourDayAndTime', { day: local.dayText, time: local.time, offset: local.offset })}`
}
