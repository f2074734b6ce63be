import type { ErrorCode } from './api/types'

/**
 * The one way the web app talks to `/api/v1` (and GoTrue's public settings): JSON in and
 * out, the error envelope `{ error_code, message, fields? }` turned into one `ApiError`,
 * abort signals, idempotency keys and the signed-in user's bearer token.
 */

/** A code the envelope carries, or what the client says when there was no usable answer. */
export type ApiErrorCode = ErrorCode | 'network' | 'unexpected'

/** An answer other than 2xx (status 0: no answer at all). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    /** Per-field codes of a 422 (`{ field: code }`). */
    readonly fields: Record<string, string> = {},
    /** Seconds to wait, from a 429's or 503's `Retry-After`. */
    readonly retryAfter: number | null = null,
    /** The whole envelope, for the members some errors add (`next_slots`, `fee_cents`…). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(`API ${status} ${code}`)
    this.name = 'ApiError'
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/** Any thrown value as an ApiError (a programming error becomes 'unexpected'). */
export function asApiError(thrown: unknown): ApiError {
  return thrown instanceof ApiError ? thrown : new ApiError(0, 'unexpected')
}

/** Whether `error` is the caller's own abort (never something to show). */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

function retryAfterOf(header: string | null): number | null {
  if (!header) return null
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, seconds)
  const date = Date.parse(header)
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - Date.now()) / 1000)) : null
}

/** Turns an error answer (its status, body and headers) into an ApiError. */
export function errorFromEnvelope(status: number, body: unknown, headers?: Headers): ApiError {
  const envelope = record(body)
  const code = typeof envelope.error_code === 'string' ? (envelope.error_code as ErrorCode) : 'unexpected'
  const fields: Record<string, string> = {}
  for (const [field, value] of Object.entries(record(envelope.fields))) if (typeof value === 'string') fields[field] = value
  return new ApiError(status, code, fields, retryAfterOf(headers?.get('retry-after') ?? null), envelope)
}

// The signed-in user's access token, as the auth feature knows it (registered by it once
// its client loads; lib cannot import features). Without it, requests go unauthenticated.
let sessionToken: () => Promise<string | null> = () => Promise.resolve(null)

export function setSessionTokenSource(source: () => Promise<string | null>): void {
  sessionToken = source
}

// Called with every response (the consultations' hold countdown reads the server's clock).
const responseListeners = new Set<(response: Response) => void>()

export function onResponse(listener: (response: Response) => void): () => void {
  responseListeners.add(listener)
  return () => responseListeners.delete(listener)
}

type Query = Record<string, string | number | boolean | null | undefined>

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  /** Search parameters; empty ones are left out. */
  query?: Query
  /** A body sent as JSON. */
  json?: unknown
  /** Any other body (FormData for uploads). */
  body?: BodyInit
  headers?: Record<string, string>
  signal?: AbortSignal | undefined
  /** Sent as `Idempotency-Key`: the same key and body give back the same answer. */
  idempotencyKey?: string
  /**
   * `true`: the signed-in user's token, if any; a string: that token; false/absent: none.
   * A token is sent as `Authorization: Bearer …`.
   */
  auth?: boolean | string | null | undefined
  /** Another base than `/api/v1` (GoTrue's `/auth/v1`): an absolute URL or path. */
  base?: string
}

export const API_BASE = '/api/v1'

/** The URL of `path` under the API with `query` (empty values left out). */
export function apiUrl(path: string, query: Query = {}, base = API_BASE): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value))
  }
  const search = params.size > 0 ? `?${params}` : ''
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}${search}`
}

/** A fresh idempotency key (one per user intent, reused by its retries). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID()
}

/** Sends one request; resolves with the JSON answer (null for an empty one), or throws ApiError. */
export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers }
  const token = request.auth === true ? await sessionToken() : request.auth || null
  if (token) headers.Authorization = `Bearer ${token}`
  if (request.idempotencyKey) headers['Idempotency-Key'] = request.idempotencyKey
  let body = request.body
  if (request.json !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(request.json)
  }
  let response: Response
  try {
    response = await fetch(apiUrl(path, request.query, request.base), { method: request.method ?? 'GET', headers, body, signal: request.signal })
  } catch (error) {
    if (isAbort(error) || request.signal?.aborted) throw error
    throw new ApiError(0, 'network')
  }
  for (const listener of responseListeners) listener(response)
  let answer: unknown = null
  try {
    const text = await response.text()
    answer = text === '' ? null : JSON.parse(text)
  } catch (error) {
    // Leaving the page while the body arrives aborts its reading too: that is not an answer.
    if (request.signal?.aborted) throw error
    if (response.ok) throw new ApiError(response.status, 'unexpected')
  }
  if (!response.ok) throw errorFromEnvelope(response.status, answer, response.headers)
  return answer as T
}
