import { useSyncExternalStore } from 'react'
import { readStored, STORAGE_KEYS, writeStored } from './storage'

export type ConsentChoice = 'accepted' | 'declined'

/** Fired on window when the visitor answers, so analytics and ads can start without a reload. */
export const CONSENT_EVENT = 'rumbo:consent'

export function readConsent(): ConsentChoice | null {
  const value = readStored(STORAGE_KEYS.consent)
  return value === 'accepted' || value === 'declined' ? value : null
}

export function storeConsent(choice: ConsentChoice): void {
  writeStored(STORAGE_KEYS.consent, choice)
  window.dispatchEvent(new CustomEvent<ConsentChoice>(CONSENT_EVENT, { detail: choice }))
}

function subscribe(listener: () => void): () => void {
  window.addEventListener(CONSENT_EVENT, listener)
  return () => window.removeEventListener(CONSENT_EVENT, listener)
}

/** The visitor's answer, re-rendering when it is given (null: not asked or not answered yet). */
export function useConsent(): ConsentChoice | null {
  return useSyncExternalStore(subscribe, readConsent, () => null)
}
