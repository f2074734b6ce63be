import type { Session, User } from '@supabase/auth-js'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, useLocation } from 'react-router'
import { vi } from 'vitest'
import type { Lang } from '../../i18n/languages'
import { localizedPath } from '../../i18n/paths'
import { serveLocales, switchLanguage } from '../../test/locales'
import { AuthContext } from '../auth/auth-context'

// What the account page's section tests share: a fake auth-js client (the test file mocks
// client-loader to answer it), the /api/v1 calls recorded and answered per test, and a render
// inside the router, the query client and the auth state. Every other fetch is a locale file.

type Call = (...args: unknown[]) => Promise<unknown>
export const fakeClient = {
  getSession: vi.fn<Call>(),
  signOut: vi.fn<Call>(),
  reauthenticate: vi.fn<Call>(),
  getUserIdentities: vi.fn<Call>(),
  linkIdentity: vi.fn<Call>(),
  unlinkIdentity: vi.fn<Call>(),
}

export const TOKEN = 'access-token'
export const EMAIL = 'ana@example.com'

export interface Sent {
  method: string
  url: string
  token: string | undefined
  body: unknown
}
export const sent: Sent[] = []
type Answer = (request: Sent) => Response | Promise<Response>
let answer: Answer = () => new Response(null, { status: 404 })

/** How the API answers this test's requests. */
export function answerApi(handler: Answer): void {
  answer = handler
}

/** An /api/v1 refusal in the server's envelope. */
export const refusal = (status: number, code: string) => Response.json({ error_code: code, message: 'refused' }, { status })

/** For `beforeAll`: locale files from disk, everything else recorded and answered by `answerApi`. */
export function serveApi(): void {
  serveLocales(async (url, init) => {
    const headers = (init?.headers ?? {}) as Record<string, string>
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined
    const request = { method: init?.method ?? 'GET', url, token: headers.Authorization?.replace('Bearer ', ''), body }
    sent.push(request)
    return answer(request)
  })
}

/** For `beforeEach`: nothing sent yet, a signed-in session, every client call unanswered. */
export function resetHarness(): void {
  sent.length = 0
  answer = () => new Response(null, { status: 404 })
  for (const call of Object.values(fakeClient)) call.mockReset()
  fakeClient.getSession.mockResolvedValue({ data: { session: { access_token: TOKEN } }, error: null })
}

function Location() {
  return <p data-testid="location">{useLocation().pathname}</p>
}

/** Renders a section on the account page of `lang`, signed in as Ana. */
export async function renderSection(ui: ReactNode, lang: Lang): Promise<void> {
  await switchLanguage(lang, ['account', 'auth', 'errors'])
  const user = { id: 'u1', email: EMAIL } as User
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[localizedPath('/account', lang)]}>
        <QueryClientProvider client={queries}>
          <AuthContext value={{ user, session: { access_token: TOKEN, user } as Session, loading: false }}>
            {ui}
            <Location />
          </AuthContext>
        </QueryClientProvider>
      </MemoryRouter>,
    )
  })
}
