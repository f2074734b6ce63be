import { useSyncExternalStore } from 'react'

/**
 * Whether this page view arrived through a password-recovery link (auth-js's
 * PASSWORD_RECOVERY). Kept in memory only: the reset page offers its form for
 * that visit, and a reload asks for a fresh link rather than trusting a flag.
 */
let recovering = false
const listeners = new Set<() => void>()

export function markPasswordRecovery(): void {
  if (recovering) return
  recovering = true
  for (const listener of listeners) listener()
}

export function endPasswordRecovery(): void {
  recovering = false
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function usePasswordRecovery(): boolean {
  return useSyncExternalStore(subscribe, () => recovering)
}
