import { localizedPath } from '../../../i18n/paths'
import type { Lang } from '../../../i18n/languages'

/**
 * Where e-mail links and Google send the visitor back: this site, in the
 * language they were reading. The server accepts only its own origin (or its
 * allow list) as a redirect.
 */
export function siteUrl(path: string, lang: Lang): string {
  return window.location.origin + localizedPath(path, lang)
}
