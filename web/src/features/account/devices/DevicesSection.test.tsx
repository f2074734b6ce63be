import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DeviceSession } from '../../../lib/api/types'
import { loadAuthClient } from '../../auth/api/client-loader'
import { answerApi, fakeClient, refusal, renderSection, resetHarness, sent, serveApi, TOKEN } from '../section-harness'
import DevicesSection from './DevicesSection'

vi.mock('../../auth/api/client-loader', () => ({ loadAuthClient: vi.fn<typeof loadAuthClient>() }))

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString()
const device = (id: string, agent: string, current = false, seen = 0): DeviceSession => ({
  id,
  user_agent: agent,
  ip: '203.0.113.7',
  aal: 'aal1',
  created_at: '2026-03-05T10:00:00Z',
  last_seen_at: minutesAgo(seen),
  current,
})
const THIS = device('s-this', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', true)
const PHONE = device('s-phone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', false, 5)
const WORK = device('s-work', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.51', false, 3 * 24 * 60)

let devices: DeviceSession[] = []

beforeAll(serveApi)
beforeEach(() => {
  resetHarness()
  vi.mocked(loadAuthClient).mockResolvedValue(fakeClient as never)
  devices = [THIS, PHONE, WORK]
  answerApi((request) => {
    if (request.method === 'GET' && request.url === '/api/v1/account/sessions') return Response.json({ sessions: devices })
    const id = /\/api\/v1\/account\/sessions\/([\w-]+)$/.exec(request.url)?.[1]
    if (request.method === 'DELETE' && id) {
      devices = devices.filter((d) => d.id !== id)
      return new Response(null, { status: 204 })
    }
    return refusal(404, 'not_found')
  })
})
afterEach(cleanup)

const rows = () => within(screen.getByRole('list')).getAllByRole('listitem')
const click = (button: HTMLElement) => act(async () => fireEvent.click(button))

describe('the signed-in devices on the account page', () => {
  it('lists each device by browser and system, marks this one, and says when the others were last active', async () => {
    await renderSection(<DevicesSection />, 'en')
    expect(screen.getByRole('region', { name: 'Signed-in devices' })).toBeTruthy()
    await waitFor(() => expect(rows()).toHaveLength(3))
    expect(sent[0]).toMatchObject({ method: 'GET', url: '/api/v1/account/sessions', token: TOKEN })
    const [first, second, third] = rows()
    expect(first!.textContent).toContain('Chrome on Linux')
    expect(first!.textContent).toContain('This device')
    expect(first!.textContent).toContain('Active now')
    // This device is signed out from the avatar menu, not from here.
    expect(within(first!).queryByRole('button')).toBeNull()
    expect(second!.textContent).toContain('Safari on iPhone')
    expect(second!.textContent).toContain('Last active 5 minutes ago · Signed in Mar 5, 2026 · IP address 203.0.113.7')
    expect(second!.textContent).not.toContain('This device')
    expect(third!.textContent).toContain('Edge on Windows')
    expect(third!.textContent).toContain('Last active 3 days ago')
    expect(within(third!).getByRole('button', { name: 'Sign out Edge on Windows' })).toBeTruthy()
  })

  it('signs one device out, asks for the list again, and says so where the focus goes', async () => {
    await renderSection(<DevicesSection />, 'en')
    await waitFor(() => expect(rows()).toHaveLength(3))
    await click(screen.getByRole('button', { name: 'Sign out Safari on iPhone' }))
    expect(sent.filter((r) => r.method === 'DELETE')).toEqual([{ method: 'DELETE', url: '/api/v1/account/sessions/s-phone', token: TOKEN, body: undefined }])
    await waitFor(() => expect(rows()).toHaveLength(2))
    const outcome = screen.getByRole('status')
    expect(outcome.textContent).toBe('Safari on iPhone was signed out.')
    expect(document.activeElement).toBe(outcome)
    expect(screen.queryByText('Safari on iPhone')).toBeNull()
  })

  it('takes a device that was already gone (404) as signed out', async () => {
    answerApi((request) => {
      if (request.method === 'DELETE') {
        devices = devices.filter((d) => d.id !== 's-work')
        return refusal(404, 'session_not_found')
      }
      return Response.json({ sessions: devices })
    })
    await renderSection(<DevicesSection />, 'en')
    await waitFor(() => expect(rows()).toHaveLength(3))
    await click(screen.getByRole('button', { name: 'Sign out Edge on Windows' }))
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('Edge on Windows was signed out.')
  })

  it('signs out every other device through auth-js, in Spanish, then shows this one alone', async () => {
    fakeClient.signOut.mockImplementation(async () => {
      devices = [THIS]
      return { error: null }
    })
    await renderSection(<DevicesSection />, 'es')
    await waitFor(() => expect(rows()).toHaveLength(3))
    expect(rows()[0]!.textContent).toContain('Chrome en Linux')
    expect(rows()[0]!.textContent).toContain('Este dispositivo')
    expect(rows()[1]!.textContent).toContain('Última actividad: hace 5 minutos')
    const all = screen.getByRole('button', { name: 'Cerrar sesión en todos los demás dispositivos' })
    expect(all.getAttribute('aria-describedby')).toBeTruthy()
    await click(all)
    expect(fakeClient.signOut).toHaveBeenCalledExactlyOnceWith({ scope: 'others' })
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(screen.getByRole('status').textContent).toBe('Se cerró la sesión de tu cuenta en todos tus otros dispositivos.')
    expect(screen.getByText('Tu cuenta no está abierta en ningún otro lugar.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /todos los demás/ })).toBeNull()
  })

  it("says in the page's language what went wrong, and offers to try the list again", async () => {
    fakeClient.signOut.mockResolvedValue({ error: { name: 'AuthRetryableFetchError', status: 0 } })
    await renderSection(<DevicesSection />, 'pt')
    await waitFor(() => expect(rows()).toHaveLength(3))
    await click(screen.getByRole('button', { name: 'Sair de todos os outros dispositivos' }))
    expect(screen.getByRole('alert').textContent).toBe('Não conseguimos falar com o Rumbo. Verifique sua conexão e tente de novo.')

    answerApi(() => refusal(500, 'internal_error'))
    cleanup()
    await renderSection(<DevicesSection />, 'pt')
    expect(await screen.findByText('Não conseguimos carregar seus dispositivos.')).toBeTruthy()
    answerApi(() => Response.json({ sessions: [THIS] }))
    await click(screen.getByRole('button', { name: 'Tentar de novo' }))
    await waitFor(() => expect(rows()).toHaveLength(1))
  })

  it('reserves room for the list while it loads', async () => {
    answerApi(() => new Promise<Response>(() => undefined))
    await renderSection(<DevicesSection />, 'en')
    const loading = screen.getByText('Loading your devices…')
    expect(loading.getAttribute('aria-busy')).toBe('true')
    expect(loading.className).toContain('min-h-32')
  })
})
