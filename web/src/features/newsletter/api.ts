import type { Lang } from '../../i18n/languages'
import { apiRequest, ApiError } from '../../lib/api-client'
import type { CheckInbox, Confirmed, StateChanged, SubscribeBody } from '../../lib/api/types'

/** The newsletter API (/api/v1/newsletter, see the OpenAPI document). */
const post = <T>(path: string, json: unknown) => apiRequest<T>(`newsletter/${path}`, { method: 'POST', json })

/** An error's `error_code` (`network` when no answer came, `unexpected` for anything else). */
export function newsletterErrorCode(error: unknown): string {
  return error instanceof ApiError ? error.code : 'unexpected'
}

export type SubscribeAnswer = Partial<CheckInbox>

/** The answer to a link's action; `unsubscribe_token` only when confirming. */
export type LinkAnswer = StateChanged & Partial<Pick<Confirmed, 'unsubscribe_token'>>

export function subscribe(email: string, language: Lang, source: string): Promise<SubscribeAnswer> {
  const body: SubscribeBody = { email: email.trim(), language, source }
  return post('subscriptions', body)
}

export function confirmSubscription(token: string): Promise<LinkAnswer> {
  return post('confirm', { token })
}

export function unsubscribe(token: string): Promise<LinkAnswer> {
  return post('unsubscribe', { token })
}

export function resubscribe(token: string): Promise<LinkAnswer> {
  return post('resubscribe', { token })
}
