import { useCallback, useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { newsletterErrorCode, type LinkAnswer } from './api'

/**
 * The `?token=` of an e-mail link, read once. The token is a key, so it leaves
 * the address at once (no history entry, bookmark, referrer or analytics ever
 * sees it) and moves to the history entry's state, where a reload finds it.
 */
export function useLinkToken(): string {
  const { pathname, search, state } = useLocation()
  const navigate = useNavigate()
  const fromState = (state as { token?: unknown } | null)?.token
  const token = typeof fromState === 'string' ? fromState : (new URLSearchParams(search).get('token') ?? '')
  useEffect(() => {
    if (search) navigate(pathname, { replace: true, state: { token } })
  }, [navigate, pathname, search, token])
  return token
}

export type LinkResult = { status: 'working' } | { status: 'done'; answer: LinkAnswer } | { status: 'error'; code: string }

// One request per token and attempt, even when React runs an effect twice (StrictMode).
const requests = new Map<string, Promise<LinkAnswer>>()

/** Runs the link's action on arrival (confirm, unsubscribe); `retry` runs it again. */
export function useLinkAction(name: string, token: string, action: (token: string) => Promise<LinkAnswer>) {
  const [attempt, setAttempt] = useState(0)
  const [result, setResult] = useState<LinkResult>(token ? { status: 'working' } : { status: 'error', code: 'invalid_token' })

  useEffect(() => {
    if (!token) return
    let current = true
    const key = `${name}:${token}:${attempt}`
    let request = requests.get(key)
    if (!request) {
      request = action(token)
      requests.set(key, request)
    }
    request.then(
      (answer) => current && setResult({ status: 'done', answer }),
      (error: unknown) => current && setResult({ status: 'error', code: newsletterErrorCode(error) }),
    )
    return () => {
      current = false
    }
  }, [name, token, attempt, action])

  const retry = useCallback(() => {
    setResult({ status: 'working' })
    setAttempt((n) => n + 1)
  }, [])
  return { result, retry }
}
