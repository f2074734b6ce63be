import type { TFunction } from 'i18next'
import { LANGUAGE_NAMES } from '../../i18n/languages'
import { BOOKING_STATUSES, MESSAGE_SENDERS, OUTCOMES, isOneOf, languageOf } from './types'

/**
 * The API's plain-string values in the reader's words (staff:status.*, outcome.*…). A value the
 * console has no words for yet is shown as the server wrote it rather than as a missing key.
 */

export function statusText(t: TFunction<'staff'>, status: string): string {
  return isOneOf(BOOKING_STATUSES, status) ? t(`status.${status}`) : status
}

export function outcomeText(t: TFunction<'staff'>, outcome: string): string {
  return isOneOf(OUTCOMES, outcome) ? t(`outcome.${outcome}`) : outcome
}

export function senderText(t: TFunction<'staff'>, from: string): string {
  return isOneOf(MESSAGE_SENDERS, from) ? t(`messages.from.${from}`) : from
}

/** "Español" for "es"; another code as written, in capitals. */
export function languageName(code: string): string {
  const lang = languageOf(code)
  return lang ? LANGUAGE_NAMES[lang] : code.toUpperCase()
}
