import { act, cleanup, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter, useLocation } from 'react-router'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { AuthProvider } from '../features/auth/AuthProvider'
import { initI18n } from '../i18n/setup'
import { parseRuntimeConfig } from '../lib/config'
import { ConfigProvider } from '../lib/config-context'
import { AppRoutes } from './router'

// The app fetches each locale file by URL; here the same files answer from disk.
const files = import.meta.glob<unknown>('../i18n/locales/*/*.json', { eager: true, import: 'default' })

function serveLocales() {
  vi.stubGlobal('fetch', async (input: string) => {
    const match = /locales\/(\w+)\/(\w+)\.json/.exec(String(input))
    const body = match ? files[`../i18n/locales/${match[1]}/${match[2]}.json`] : undefined
    return body ? new Response(JSON.stringify(body)) : new Response(null, { status: 404 })
  })
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
  serveLocales()
  await initI18n('en', 'Rumbo')
})

afterEach(cleanup)

describe('routes', () => {
  it('renders a destination page in the language of the path', async () => {
    await renderAt('/pt/destinations/asia')
    expect(await screen.findByRole('heading', { level: 1, name: 'Ásia' })).toBeTruthy()
    expect(document.documentElement.lang).toBe('pt')
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
