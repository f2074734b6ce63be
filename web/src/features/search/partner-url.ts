import type { PartnerTemplates } from '../../lib/config'
import type { SearchKind, SearchValues } from './search-model'

/** The placeholders each partner template may use, from the search's fields. */
export function placeholderValues<K extends SearchKind>(search: SearchValues[K]): Record<string, string> {
  return Object.fromEntries(Object.entries(search).map(([name, value]) => [name, String(value).trim()]))
}

/**
 * Fills `{name}` placeholders with URL-encoded values; a placeholder the search does not
 * have becomes empty. The template itself was checked to be an http(s) URL (lib/config).
 */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''))
}

/** The partner's search page for this query, or null when no partner is configured. */
export function partnerUrl<K extends SearchKind>(partners: PartnerTemplates, kind: K, search: SearchValues[K]): string | null {
  const template = partners[kind]
  return template ? fillTemplate(template, placeholderValues<K>(search)) : null
}
