import { QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../../lib/query/query-client'
import { useProfile, useSaveProfile } from './profile-queries'

afterEach(() => vi.unstubAllGlobals())

const profile = { id: 'u1', first_name: 'Ana', last_name: 'Silva', country: 'Brazil', avatar_url: null }

function wrapperFor() {
  const client = createQueryClient()
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
}

describe('the profile query hooks', () => {
  it('reads the profile once per user with the session token; a save replaces it for every reader', async () => {
    const fetch = vi
      .fn<(url: string, init?: RequestInit) => Promise<Response>>()
      .mockImplementationOnce(async () => new Response(JSON.stringify(profile)))
      .mockImplementationOnce(async () => new Response(JSON.stringify({ ...profile, first_name: 'Bia' })))
    vi.stubGlobal('fetch', fetch)
    const wrapper = wrapperFor()
    const { result } = renderHook(() => ({ read: useProfile('u1', 'jwt'), again: useProfile('u1', 'jwt'), save: useSaveProfile('jwt') }), { wrapper })
    expect(result.current.read).toEqual({ profile: null, loading: true })
    await waitFor(() => expect(result.current.read).toEqual({ profile, loading: false }))
    expect(new Headers(fetch.mock.calls[0]![1]?.headers).get('Authorization')).toBe('Bearer jwt')
    await act(() => result.current.save.mutateAsync({ first_name: 'Bia', last_name: 'Silva', country: 'Brazil' }))
    // The saved profile reaches the other reader with its next render, not always within the act.
    await waitFor(() => expect(result.current.again.profile?.first_name).toBe('Bia'))
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(fetch.mock.calls[1]![1]?.method).toBe('PATCH')
  })

  it('a failed read is logged and the profile is empty', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    vi.stubGlobal('fetch', async () => new Response('{"error_code":"unexpected","message":"x"}', { status: 500 }))
    const { result } = renderHook(() => useProfile('u2', 'jwt'), { wrapper: wrapperFor() })
    await waitFor(() => expect(result.current).toEqual({ profile: null, loading: false }))
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })

  it('signed out: nothing is asked', () => {
    const fetch = vi.fn<typeof window.fetch>()
    vi.stubGlobal('fetch', fetch)
    const { result } = renderHook(() => useProfile(undefined, undefined), { wrapper: wrapperFor() })
    expect(result.current).toEqual({ profile: null, loading: false })
    expect(fetch).not.toHaveBeenCalled()
  })
})
