import type { Lang } from '../../i18n/languages'

/** The newsletter API (/api/v1/newsletter, see the OpenAPI document). */
const BASE = '/api/v1/newsletter'

/** An error answer's `error_code` (`network` when no answer came). */
export class NewsletterApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
  ) {
    super(`newsletter: ${status} ${code}`)
    this.name = 'NewsletterApiError'
  }
}

async function post<T>(path: string, body: unknown): Promise<T> {
  let response: Response
  try {
    response = await fetch(`${BASE}/${path}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
  } catch {
    throw new NewsletterApiError('network', 0)
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>
  if (response.ok) return answer as T
  throw new NewsletterApiError(typeof answer.error_code === 'string' ? answer.error_code : 'unexpected', response.status)
}

export interface SubscribeAnswer {
  /** Localized "check your inbox" text, the same whatever the address's state. */
  message?: string
}

export interface LinkAnswer {
  status: 'confirmed' | 'unsubscribed'
  language: Lang
  /** Only when confirming: the token of the unsubscribe page. */
  unsubscribe_token?: string
}

export function subscribe(email: string, language: Lang, source: string): Promise<SubscribeAnswer> {
  return post('subscriptions', { email: email.trim(), language, source })
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
