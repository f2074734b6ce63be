import type { Session, User } from '@supabase/auth-js'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { vi } from 'vitest'
import type { Lang } from '../../i18n/languages'
import { serveLocales, switchLanguage } from '../../test/locales'
import { AuthContext } from '../auth/auth-context'
import { useLoginDialogView } from '../auth/login-dialog-store'
import StaffConsole from './StaffConsole'
import type { BookingDetail, BookingSummary, Consultant, Me } from './types'

// What the console's component tests share: a fake auth-js client (the test file mocks
// client-loader to answer it), the /api/v1 calls recorded and answered per test, and the console
// rendered at an address inside the router, a query client of its own and the auth state.

export const TOKEN = 'staff-token'
export const fakeClient = { getSession: vi.fn<() => Promise<unknown>>() }

export interface Sent {
  method: string
  url: string
  token: string | undefined
  body: unknown
  /** Every header sent (Idempotency-Key…). */
  headers: Record<string, string>
}
export const sent: Sent[] = []
type Answer = (request: Sent) => Response | Promise<Response>
let answer: Answer = () => new Response(null, { status: 404 })

export function answerApi(handler: Answer): void {
  answer = handler
}

export const refusal = (status: number, code: string, extra: Record<string, unknown> = {}) =>
  Response.json({ error_code: code, message: 'refused', ...extra }, { status })

/** For `beforeAll`: locale files from disk, every other request recorded and answered by `answerApi`. */
export function serveApi(): void {
  serveLocales(async (url, init) => {
    const headers = (init?.headers ?? {}) as Record<string, string>
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined
    const request = { method: init?.method ?? 'GET', url, token: headers.Authorization?.replace('Bearer ', ''), body, headers }
    sent.push(request)
    return answer(request)
  })
}

export function resetHarness(): void {
  sent.length = 0
  answer = () => new Response(null, { status: 404 })
  fakeClient.getSession.mockResolvedValue({ data: { session: { access_token: TOKEN } }, error: null })
}

export const CONSULTANT: Consultant = {
  id: 'c-ana',
  user_id: 'u-ana',
  email: 'ana@rumbo.test',
  name: 'Ana Restrepo',
  time_zone: 'America/Bogota',
  weekly_hours: 'mon-fri 09:00-17:00',
  languages: ['es', 'en'],
  active: true,
  time_off: [],
}

/** GET /staff/me of Ana, a consultant: her card (not the whole calendar, which /staff/availability has). */
export function me(changes: Partial<Me> = {}): Me {
  const { id, name, time_zone, languages } = CONSULTANT
  return { id: 'u-ana', email: 'ana@rumbo.test', roles: ['consultant'], aal: 'aal2', consultant: { id, name, time_zone, languages }, ...changes }
}

export function summary(changes: Partial<BookingSummary> = {}): BookingSummary {
  return {
    id: '0b7e4f6a-3c1d-4a2b-9e8f-1234567890ab',
    plan_id: 'complete',
    plan_name: 'Complete',
    status: 'confirmed',
    outcome: null,
    case_state: 'scheduled',
    starts_at: '2026-12-01T14:00:00Z',
    ends_at: '2026-12-01T15:00:00Z',
    due_at: '2026-12-22T14:00:00Z',
    traveller_time_zone: 'Europe/Madrid',
    consultant_id: 'c-ana',
    consultant_name: 'Ana Restrepo',
    name: 'Lucía Pérez',
    email: 'lucia@example.com',
    country: 'Spain',
    country_code: 'ES',
    language: 'es',
    meeting_url: 'https://meet.example/abc',
    meeting_phone: null,
    ...changes,
  }
}

export function detail(changes: Partial<BookingDetail> = {}): BookingDetail {
  return {
    ...summary(),
    message: 'Perdieron mi maleta en Lima.',
    amount_cents: 9900,
    currency: 'usd',
    documents: [{ id: 'd1', filename: 'billete.pdf', size_bytes: 34_000, content_type: 'application/pdf' }],
    previous: [],
    opinion: null,
    advice: null,
    messages: [],
    ...changes,
  }
}

function Probe() {
  return (
    <>
      <p data-testid="location">{useLocation().pathname + useLocation().search}</p>
      <p data-testid="dialog">{useLoginDialogView() ?? 'closed'}</p>
    </>
  )
}

/** Renders the console at `url` (/staff…, /es/staff…), signed in unless `signedIn` is false. */
export async function renderConsole(url: string, lang: Lang, { signedIn = true, factors = [] as unknown[] } = {}): Promise<void> {
  await switchLanguage(lang, ['staff', 'errors', 'seo'])
  const user = signedIn ? ({ id: 'u-ana', email: 'ana@rumbo.test', factors } as unknown as User) : null
  const session = user ? ({ access_token: TOKEN, user } as Session) : null
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[url]}>
        <QueryClientProvider client={queries}>
          <AuthContext value={{ user, session, loading: false }}>
            <Suspense fallback={null}>
              <Routes>
                <Route path="/staff/*" element={<StaffConsole />} />
                <Route path="/:lang/staff/*" element={<StaffConsole />} />
              </Routes>
            </Suspense>
            <Probe />
          </AuthContext>
        </QueryClientProvider>
      </MemoryRouter>,
    )
  })
}
