import { act, cleanup, render, renderHook, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { authNeededAtStart, loadAuthClient, onAuthClientLoaded } from './api/client-loader'
import { AuthProvider } from './AuthProvider'
import { useAuth } from './hooks/use-auth'

type Listener = (event: string, session: unknown) => void

// A stand-in for the auth-js client: the provider only subscribes to its events.
const fake = {
  listeners: new Set<Listener>(),
  onAuthStateChange(listener: Listener) {
    fake.listeners.add(listener)
    return { data: { subscription: { unsubscribe: () => fake.listeners.delete(listener) } } }
  },
  emit(event: string, session: unknown) {
    for (const listener of fake.listeners) listener(event, session)
  },
}

vi.mock('./api/client-loader', () => {
  const ready = new Set<(client: unknown) => void>()
  return {
    authNeededAtStart: vi.fn<() => boolean>(),
    loadAuthClient: vi.fn<() => Promise<unknown>>(async () => {
      for (const listener of ready) listener(fake)
      return fake
    }),
    onAuthClientLoaded: vi.fn<(listener: (client: unknown) => void) => () => void>((listener) => {
      ready.add(listener)
      return () => ready.delete(listener)
    }),
  }
})

function Probe() {
  const { user, session, loading } = useAuth()
  return <output>{loading ? 'loading' : (user?.email ?? 'signed out') + (session ? ' (session)' : '')}</output>
}

const session = { access_token: 'a', user: { id: 'u1', email: 'ana@example.com' } }

beforeEach(() => {
  fake.listeners.clear()
  vi.mocked(loadAuthClient).mockClear()
})
afterEach(cleanup)

describe('AuthProvider (SPEC §4 auth state)', () => {
  it('useAuth throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined) // React reports the thrown error too
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider')
  })

  it('without a stored session or a link, is signed out at once and loads nothing', () => {
    vi.mocked(authNeededAtStart).mockReturnValue(false)
    render(<AuthProvider><Probe /></AuthProvider>)
    expect(screen.getByRole('status').textContent).toBe('signed out')
    expect(loadAuthClient).not.toHaveBeenCalled()
  })

  it('with a stored session, is loading until the first auth event, then follows every event', async () => {
    vi.mocked(authNeededAtStart).mockReturnValue(true)
    render(<AuthProvider><Probe /></AuthProvider>)
    expect(screen.getByRole('status').textContent).toBe('loading')
    await act(async () => fake.emit('INITIAL_SESSION', session))
    expect(screen.getByRole('status').textContent).toBe('ana@example.com (session)')
    await act(async () => fake.emit('SIGNED_OUT', null))
    expect(screen.getByRole('status').textContent).toBe('signed out')
  })

  it('loads the client when another tab signs in (storage event)', async () => {
    vi.mocked(authNeededAtStart).mockReturnValue(false)
    render(<AuthProvider><Probe /></AuthProvider>)
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'rumbo:auth', newValue: '{"access_token":"a"}' }))
    })
    expect(loadAuthClient).toHaveBeenCalled()
    expect(onAuthClientLoaded).toHaveBeenCalled()
    await act(async () => fake.emit('SIGNED_IN', session))
    expect(screen.getByRole('status').textContent).toBe('ana@example.com (session)')
  })
})
