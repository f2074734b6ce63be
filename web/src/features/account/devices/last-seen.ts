const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * When something happened, as people say it: "now", "5 minutes ago", "yesterday", "3 days ago"
 * (Intl's relative time, in the page's language); after a week, the date itself.
 */
export function whenText(iso: string, now: number, locale: string): string {
  const then = Date.parse(iso)
  if (Number.isNaN(then)) return ''
  const ago = Math.max(0, now - then)
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  if (ago < MINUTE) return relative.format(0, 'second')
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute')
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), 'hour')
  if (ago < 7 * DAY) return relative.format(-Math.floor(ago / DAY), 'day')
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(then)
}

/** A date alone ("Mar 5, 2026"), in the page's language. */
export function dateText(iso: string, locale: string): string {
  const then = Date.parse(iso)
  return Number.isNaN(then) ? '' : new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(then)
}
