import { useEffect } from 'react'

/**
 * Keeps the console out of search engines. The server's head says `noindex` for /staff; this
 * covers a client-side navigation from an indexed page, whose head said otherwise. The same as
 * store/checkout/noindex.ts, repeated so that module stays inside the checkout's chunk.
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
