import { useEffect } from 'react'

/**
 * Keeps a private page (the checkout, an order) out of search engines. The server's head
 * already says `noindex` for these paths; this covers a visitor who arrived by a client-side
 * navigation from an indexed page, whose head said otherwise.
 */
export function useNoIndex(): void {
  useEffect(() => {
    const existing = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]')
    if (existing) {
      const previous = existing.content
      existing.content = 'noindex'
      return () => {
        existing.content = previous
      }
    }
    const meta = document.createElement('meta')
    meta.name = 'robots'
    meta.content = 'noindex'
    document.head.append(meta)
    return () => meta.remove()
  }, [])
}
