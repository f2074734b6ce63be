/**
 * A message that survives one reload. After signing in the page reloads at
 * home (docs/product.md#sign-in), and 'Welcome back!' must show on the page that follows. It
 * rides in history.state, which a reload keeps, so no storage key is needed.
 */
const FLASH_KEY = 'rumboFlash'

export type Flash = 'welcome_back'

function currentState(): Record<string, unknown> {
  const state: unknown = window.history.state
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {}
}

/** Moves to `url` (same origin) and reloads there, with `flash` waiting for the next page. */
export function reloadWithFlash(url: string, flash: Flash): void {
  // Keeps the router's own fields (key, idx), so the reloaded page restores cleanly.
  window.history.replaceState({ ...currentState(), [FLASH_KEY]: flash }, '', url)
  window.location.reload()
}

/** The flash left by the previous page, removed as it is read. */
export function takeFlash(): Flash | null {
  const { [FLASH_KEY]: flash, ...rest } = currentState()
  if (flash !== 'welcome_back') return null
  window.history.replaceState(rest, '')
  return flash
}
