import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useEffect } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Lang } from '../../i18n/languages'
import type englishWords from '../../i18n/locales/en/newsletter.json'
import { localeFile, serveLocales, switchLanguage } from '../../test/locales'
import NewsletterConfirmPage from './NewsletterConfirmPage'
import NewsletterUnsubscribePage from './NewsletterUnsubscribePage'

type Words = typeof englishWords
const words = (lang: Lang) => localeFile(lang, 'newsletter') as unknown as Words

let calls: { url: string; body: unknown }[] = []
let answers: Record<string, () => Response> = {}
let address = ''

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })

function Address() {
  const { pathname, search } = useLocation()
  useEffect(() => {
    address = pathname + search
  }, [pathname, search])
  return null
}

async function open(lang: Lang, path: string) {
  await switchLanguage(lang, ['common', 'newsletter', 'seo'])
  const prefix = lang === 'en' ? '' : `/${lang}`
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[`${prefix}${path}`]}>
        <Routes>
          <Route path={`${prefix}/newsletter/confirm`} element={<NewsletterConfirmPage />} />
          <Route path={`${prefix}/newsletter/unsubscribe`} element={<NewsletterUnsubscribePage />} />
          <Route path="*" element={null} />
        </Routes>
        <Address />
      </MemoryRouter>,
    )
  })
  return words(lang)
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent

beforeEach(() => {
  calls = []
  answers = {}
  serveLocales(async (url, init) => {
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null })
    return answers[url]?.() ?? json(500, { error_code: 'internal' })
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the confirmation page', () => {
  it('confirms on arrival, says so in Portuguese, and takes the token out of the address', async () => {
    answers['/api/v1/newsletter/confirm'] = () => json(200, { status: 'confirmed', language: 'pt', unsubscribe_token: 'u-1' })
    const w = await open('pt', '/newsletter/confirm?token=t-1')
    await waitFor(() => expect(heading()).toBe(w.confirm.doneTitle))
    expect(calls.filter((call) => call.url.includes('/newsletter/'))).toEqual([{ url: '/api/v1/newsletter/confirm', body: { token: 't-1' } }])
    expect(address).toBe('/pt/newsletter/confirm')
    expect(screen.getByRole('link', { name: w.confirm.toBlog }).getAttribute('href')).toBe('/pt/blog')
  })

  it('offers to subscribe again when the link expired, or is unknown or missing', async () => {
    answers['/api/v1/newsletter/confirm'] = () => json(410, { error_code: 'token_expired' })
    let w = await open('es', '/newsletter/confirm?token=old')
    await waitFor(() => expect(heading()).toBe(w.confirm.expiredTitle))
    await waitFor(() => expect(screen.getByRole('textbox')).toBeTruthy())
    cleanup()
    answers['/api/v1/newsletter/confirm'] = () => json(400, { error_code: 'invalid_token' })
    w = await open('en', '/newsletter/confirm?token=bad')
    await waitFor(() => expect(heading()).toBe(w.confirm.invalidTitle))
    cleanup()
    calls = []
    w = await open('en', '/newsletter/confirm')
    expect(heading()).toBe(w.confirm.invalidTitle)
    expect(calls.filter((call) => call.url.includes('/newsletter/'))).toEqual([])
  })

  it('offers a retry when the request failed, which confirms', async () => {
    answers['/api/v1/newsletter/confirm'] = () => json(503, { error_code: 'unavailable' })
    const w = await open('en', '/newsletter/confirm?token=t-2')
    await waitFor(() => expect(heading()).toBe(w.confirm.failedTitle))
    answers['/api/v1/newsletter/confirm'] = () => json(200, { status: 'confirmed', language: 'en' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: w.retry })))
    await waitFor(() => expect(heading()).toBe(w.confirm.doneTitle))
  })
})

describe('the unsubscribe page', () => {
  it('unsubscribes in one step on arrival, then resubscribes with the same token', async () => {
    answers['/api/v1/newsletter/unsubscribe'] = () => json(200, { status: 'unsubscribed', language: 'es' })
    answers['/api/v1/newsletter/resubscribe'] = () => json(200, { status: 'confirmed', language: 'es' })
    const w = await open('es', '/newsletter/unsubscribe?token=u-9')
    await waitFor(() => expect(heading()).toBe(w.unsubscribe.doneTitle))
    expect(address).toBe('/es/newsletter/unsubscribe')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: w.unsubscribe.resubscribe })))
    await waitFor(() => expect(heading()).toBe(w.unsubscribe.resubscribedTitle))
    expect(calls.filter((call) => call.url.includes('/newsletter/'))).toEqual([
      { url: '/api/v1/newsletter/unsubscribe', body: { token: 'u-9' } },
      { url: '/api/v1/newsletter/resubscribe', body: { token: 'u-9' } },
    ])
  })

  it('says when resubscribing failed, and when the link is not valid', async () => {
    answers['/api/v1/newsletter/unsubscribe'] = () => json(200, { status: 'unsubscribed', language: 'en' })
    let w = await open('en', '/newsletter/unsubscribe?token=u-1')
    await waitFor(() => expect(heading()).toBe(w.unsubscribe.doneTitle))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: w.unsubscribe.resubscribe })))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(w.unsubscribe.resubscribeFailed))
    cleanup()
    answers['/api/v1/newsletter/unsubscribe'] = () => json(400, { error_code: 'invalid_token' })
    w = await open('pt', '/newsletter/unsubscribe?token=nope')
    await waitFor(() => expect(heading()).toBe(w.unsubscribe.invalidTitle))
  })
})
