import { useCallback, useState } from 'react'

/**
 * A polite live region's words: `announce` says a sentence to screen readers (a countdown's
 * warning, a new download link) without moving the focus.
 */
export function useAnnouncer() {
  const [announcement, setAnnouncement] = useState('')
  const announce = useCallback((message: string) => {
    // Cleared first, so the same words said twice are still heard.
    setAnnouncement('')
    window.setTimeout(() => setAnnouncement(message), 50)
  }, [])
  return { announcement, announce }
}
