/**
 * How the traveller joins (decision 014): a video link, or a phone number to call. Both come
 * from staff input, so only what is safe to put in an href gets there.
 */

/** The link when it is an absolute http(s) URL (never `javascript:` or the like), else null. */
export function webHref(url: string | null | undefined): string | null {
  if (!url) return null
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null
  } catch {
    return null
  }
}

/** `tel:` with the digits (and a leading +) of a number written any way, or null without enough digits. */
export function phoneHref(phone: string | null | undefined): string | null {
  if (!phone) return null
  const digits = phone.replace(/\D/g, '')
  if (digits.length < 3) return null
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`
}

/** A path of this site ("/es/help/opinions/x"), never a protocol-relative "//elsewhere" (nor "/\\elsewhere"). */
export function isSitePath(url: string | null | undefined): url is string {
  return typeof url === 'string' && /^\/(?![/\\])/.test(url)
}
