import type { Session, User } from '@supabase/auth-js'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Lang } from '../../../i18n/languages'
import { createQueryClient } from '../../../lib/query/query-client'
import { serveLocales, switchLanguage } from '../../../test/locales'
import { useProfile } from '../api/profile-queries'
import { AuthContext } from '../auth-context'
import { ProfilePhoto } from './ProfilePhoto'

const SITE = 'http://localhost:3000'
const NEW_URL = `${SITE}/media/avatars/0123456789abcdef0123456789abcdef.jpg`
const profile = { id: 'u1', first_name: 'Ana', last_name: 'Lima', country: 'Brazil', avatar_url: null as string | null }

type Call = { url: string; init: RequestInit | undefined }
let calls: Call[] = []
let answers: Record<string, () => Response | Promise<Response>> = {}

/** The profile as the header's avatar menu reads it (the same query). */
function MenuProbe() {
  const { profile: read } = useProfile('u1', 'jwt')
  return <span data-testid="menu-avatar">{read ? (read.avatar_url ?? 'initials') : 'loading'}</span>
}

async function renderPhoto(lang: Lang, start = profile) {
  await switchLanguage(lang)
  answers['GET profile'] = () => Response.json(start)
  const user = { id: 'u1', email: 'ana@example.com' } as User
  await act(async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AuthContext value={{ user, session: { access_token: 'jwt', user } as Session, loading: false }}>
          <ProfilePhoto />
          <MenuProbe />
        </AuthContext>
      </QueryClientProvider>,
    )
  })
  await waitFor(() => expect(screen.getByTestId('menu-avatar').textContent).not.toBe('loading'))
}

/** An answer the test gives when it chooses to. */
function deferred() {
  const held: { resolve?: (response: Response) => void } = {}
  const promise = new Promise<Response>((settle) => (held.resolve = settle))
  return { promise, resolve: (response: Response) => held.resolve?.(response) }
}

const picture = (name: string, type: string, bytes = 64) => new File([new Uint8Array(bytes)], name, { type })
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!
const choose = (file: File) => act(async () => fireEvent.change(fileInput(), { target: { files: [file] } }))
const apiCalls = () => calls.filter((call) => call.url.startsWith('/api/v1/profile/avatar'))
const shownPhoto = () => document.querySelector('img')?.getAttribute('src') ?? null

beforeEach(() => {
  calls = []
  answers = {}
  serveLocales(async (url, init) => {
    calls.push({ url, init })
    const path = url.replace(/^\/api\/v1\//, '')
    const answer = answers[`${init?.method ?? 'GET'} ${path}`]
    return answer ? answer() : new Response(null, { status: 404 })
  })
})

afterEach(cleanup)

describe('the profile photo on the account page', () => {
  it('is a labelled file input for PNG, JPEG and WebP, with the rules beside it, and the initials while there is no photo', async () => {
    await renderPhoto('en')
    const input = screen.getByLabelText('Add a photo') as HTMLInputElement
    expect(input).toBe(fileInput())
    expect(input.accept).toBe('image/png,image/jpeg,image/webp')
    expect(input.getAttribute('aria-describedby')).toContain(screen.getByText(/A PNG, JPEG or WebP picture of up to 2 MB/).id)
    expect(shownPhoto()).toBeNull()
    expect(screen.getByText('AL').getAttribute('data-size')).toBe('xl')
    expect(screen.queryByRole('button', { name: 'Remove photo' })).toBeNull()
  })

  it('refuses another type and a picture over 2 MB without sending anything, in the page language', async () => {
    await renderPhoto('es')
    await choose(picture('viaje.gif', 'image/gif'))
    expect(screen.getByRole('status').textContent).toBe('Elige una imagen PNG, JPEG o WebP.')
    await choose(picture('viaje.png', 'image/png', 2 * 1024 * 1024 + 1))
    expect(screen.getByRole('status').textContent).toBe('Esa imagen pesa más de 2 MB. Elige una más pequeña.')
    // Exactly 2 MB is allowed.
    answers['POST profile/avatar'] = () => Response.json({ ...profile, avatar_url: NEW_URL })
    await choose(picture('viaje.png', 'image/png', 2 * 1024 * 1024))
    await waitFor(() => expect(apiCalls()).toHaveLength(1))
    expect(fileInput().getAttribute('aria-describedby')).toContain(screen.getByRole('status').id)
  })

  it('uploads the file as FormData with the token, shows a preview meanwhile, then the new photo here and in the menu', async () => {
    const reply = deferred()
    answers['POST profile/avatar'] = () => reply.promise
    await renderPhoto('pt')
    const file = picture('eu.webp', 'image/webp')
    await choose(file)

    await waitFor(() => expect(apiCalls()).toHaveLength(1))
    const { url, init } = apiCalls()[0]!
    expect(url).toBe('/api/v1/profile/avatar')
    expect(init?.method).toBe('POST')
    expect(init?.body).toBeInstanceOf(FormData)
    expect((init!.body as FormData).get('file')).toBe(file)
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer jwt')
    expect(shownPhoto()).toMatch(/^data:image\/webp;base64,/)
    expect(screen.getByText('Enviando...').tagName).toBe('LABEL')
    expect(fileInput().disabled).toBe(true)

    await act(async () => reply.resolve(Response.json({ ...profile, avatar_url: NEW_URL })))
    await waitFor(() => expect(shownPhoto()).toBe(NEW_URL))
    expect(document.querySelector('img')?.getAttribute('width')).toBe('96')
    expect(screen.getByRole('status').textContent).toBe('Sua nova foto foi salva.')
    expect(screen.getByTestId('menu-avatar').textContent).toBe(NEW_URL)
    expect(screen.getByLabelText('Trocar foto')).toBe(fileInput())
    expect(fileInput().disabled).toBe(false)
  })

  it("says the server's refusal in the visitor's words and keeps the photo it had", async () => {
    const old = `${SITE}/media/avatars/ffffffffffffffffffffffffffffffff.jpg`
    answers['POST profile/avatar'] = () => Response.json({ error_code: 'unsupported_image', message: 'Send a PNG, JPEG or WebP picture.' }, { status: 422 })
    await renderPhoto('es', { ...profile, avatar_url: old })
    await choose(picture('roto.png', 'image/png'))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Elige una imagen PNG, JPEG o WebP.'))
    expect(shownPhoto()).toBe(old)

    answers['POST profile/avatar'] = () => Response.json({ error_code: 'unexpected', message: 'x' }, { status: 500 })
    await choose(picture('otra.png', 'image/png'))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No pudimos guardar tu foto. Inténtalo de nuevo.'))
  })

  it('removes the photo: DELETE, then the initials here and in the menu', async () => {
    answers['DELETE profile/avatar'] = () => Response.json({ ...profile, avatar_url: null })
    await renderPhoto('en', { ...profile, avatar_url: NEW_URL })
    expect(shownPhoto()).toBe(NEW_URL)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove photo' })))

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Your photo has been removed.'))
    expect(apiCalls().map((call) => call.init?.method)).toEqual(['DELETE'])
    expect(shownPhoto()).toBeNull()
    expect(screen.getByText('AL')).toBeTruthy()
    expect(screen.getByTestId('menu-avatar').textContent).toBe('initials')
    expect(screen.queryByRole('button', { name: 'Remove photo' })).toBeNull()
  })
})
