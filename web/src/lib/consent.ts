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
