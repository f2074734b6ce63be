import type { Lang } from '../lib/api/types'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter, useLocation } from 'react-router'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AuthProvider } from '../features/auth/AuthProvider'
import { initI18n } from '../i18n/setup'
import { parseRuntimeConfig } from '../lib/config'
import { ConfigProvider } from '../lib/config-context'
import { destinationDetail, json, postDetail, postPage } from '../test/content-fixtures'
import { serveLocales } from '../test/locales'
import { opinionPage } from '../features/opinions/test-fixtures'
import { AppRoutes } from './router'

// A fake content API: a few known answers, 404 (with the API's error code) for the rest.
async function fakeApi(url: string): Promise<Response> {
  const { pathname, searchParams } = new URL(url, 'http://localhost')
  const lang = (searchParams.get('lang') ?? 'en') as Lang
  if (pathname === '/api/v1/posts') return json(postPage(['first-post', 'second-post'], null, lang))
  if (pathname === '/api/v1/posts/known-post') return json(postDetail('known-post', lang))
  if (pathname === '/api/v1/opinions') return json({ items: [] })
  if (pathname === '/api/v1/opinions/known-opinion') return json(opinionPage('known-opinion', lang))
  if (pathname === '/api/v1/destinations/asia') return json(destinationDetail('asia', 'region', lang, lang === 'pt' ? 'Ásia' : 'Asia'))
  const notFound = pathname.startsWith('/api/v1/posts/') ? 'post_not_found' : 'not_found'
  return json({ error_code: notFound, message: 'Not found' }, 404)
}

function CurrentUrl() {
  const { pathname, search, hash } = useLocation()
  return <output data-testid="url">{pathname + search + hash}</output>
}

// Inside act(), so React also finishes the renders that suspend on loading a language.
async function renderAt(url: string) {
  await act(async () => {
    render(
    <ConfigProvider config={parseRuntimeConfig({}, 'http://localhost')}>
      <AuthProvider>
        <MemoryRouter initialEntries={[url]}>
          <Suspense fallback={null}>
            <AppRoutes />
            <CurrentUrl />
          </Suspense>
        </MemoryRouter>
      </AuthProvider>
    </ConfigProvider>,
    )
  })
}

beforeAll(async () => {
  window.scrollTo = () => undefined
  serveLocales(fakeApi)
  await initI18n('en', 'Rumbo')
})

afterEach(cleanup)

describe('routes', () => {
  it('renders a destination page in the language of the path', async () => {
    await renderAt('/pt/destinations/asia')
    expect(await screen.findByRole('heading', { level: 1, name: 'Ásia' })).toBeTruthy()
    expect(document.documentElement.lang).toBe('pt')
  })

  it('renders a blog post from the API, and the not-found page (with its title) for an unknown slug', async () => {
    await renderAt('/es/blog/known-post')
    expect(await screen.findByRole('heading', { level: 1, name: 'Title of known-post' })).toBeTruthy()
    // The title follows the heading once the language's head texts have loaded.
    await waitFor(() => expect(document.title).toBe('Title of known-post | Rumbo'))
    cleanup()
    await renderAt('/pt/blog/no-such-post')
    expect(await screen.findByRole('heading', { level: 1, name: 'Destino não encontrado' })).toBeTruthy()
    await waitFor(() => expect(document.title).toBe('Destino não encontrado | Rumbo'))
  })

  it('serves the opinions list and an opinion under /help in every language', async () => {
    await renderAt('/pt/help/opinions?category=hotel')
    expect(await screen.findByRole('heading', { level: 1, name: 'Opiniões sobre casos de viajantes' })).toBeTruthy()
    cleanup()
    await renderAt('/help/opinions/known-opinion')
    expect(await screen.findByRole('heading', { level: 1, name: 'Title of known-opinion' })).toBeTruthy()
    await waitFor(() => expect(document.title).toBe('Title of known-opinion | Rumbo'))
    cleanup()
    await renderAt('/es/help/opinions/no-such-opinion')
    expect(await screen.findByRole('heading', { level: 1, name: 'Destino no encontrado' })).toBeTruthy()
  })

  it('shows the not-found page for an unknown destination slug', async () => {
    await renderAt('/es/destinations/atlantis')
    expect(await screen.findByRole('heading', { level: 1, name: 'Destino no encontrado' })).toBeTruthy()
  })

  it('shows the not-found page for an unknown path, with its two ways out', async () => {
    await renderAt('/no/such/page')
    expect(await screen.findByRole('heading', { level: 1, name: 'Destination Not Found' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/')
    expect(screen.getByRole('link', { name: 'Explore Our Blog' }).getAttribute('href')).toBe('/blog')
  })

  it('replaces /en/… with the unprefixed path, keeping search and hash', async () => {
    await renderAt('/en/blog?x=1#top')
    expect(await screen.findByRole('heading', { level: 1, name: 'The Rumbo travel blog' })).toBeTruthy()
    expect(screen.getByTestId('url').textContent).toBe('/blog?x=1#top')
  })

  it('localizes the layout links and keeps the skip link first', async () => {
    await renderAt('/es/about')
    await screen.findByRole('heading', { level: 1, name: 'Sobre Rumbo' })
    const links = screen.getAllByRole('link')
    expect(links[0]?.getAttribute('href')).toBe('#main-content')
    const blogLinks = screen.getAllByRole('link', { name: 'Blog' }).map((link) => link.getAttribute('href'))
    expect(blogLinks).toEqual(['/es/blog', '/es/blog']) // header and footer
    expect(screen.getByRole('link', { name: 'Obtener ayuda' }).getAttribute('href')).toBe('/es/help')
    expect(document.getElementById('newsletter')).not.toBeNull()
  })

  it('serves the staff console under /staff in every language, asking a signed-out visitor to sign in', async () => {
    await renderAt('/es/staff/cases')
    expect(await screen.findByRole('heading', { level: 1, name: 'Consola del equipo' })).toBeTruthy()
    expect(within(screen.getByRole('main')).getByRole('button', { name: 'Iniciar sesión' })).toBeTruthy()
  })

  it('serves the account and reset-password pages in every language', async () => {
    await renderAt('/pt/account')
    expect(await screen.findByRole('heading', { level: 1, name: 'Sua conta' })).toBeTruthy()
    // A visitor who is not signed in is asked to sign in, not shown an empty form.
    expect(screen.getByRole('heading', { level: 2, name: 'Entre para ver sua conta' })).toBeTruthy()
    cleanup()
    await renderAt('/es/reset-password')
    expect(await screen.findByRole('heading', { level: 1, name: 'Elige una contraseña nueva' })).toBeTruthy()
  })
})
