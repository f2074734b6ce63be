import { INTL_LOCALE, type Lang } from '../../i18n/languages'

const formatters = new Map<Lang, Intl.DateTimeFormat>()

/** "20 January 2026" in the page's language. Posts are dated by calendar day, so in UTC. */
export function formatDate(isoDate: string, lang: Lang): string {
  let format = formatters.get(lang)
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'long', timeZone: 'UTC' })
    formatters.set(lang, format)
  }
  const date = new Date(`${isoDate}T00:00:00Z`)
  return Number.isNaN(date.getTime()) ? isoDate : format.format(date)
}
