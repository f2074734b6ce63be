import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LANGUAGES, type Lang } from '../../../i18n/languages'
import { parseRuntimeConfig, type PartnerTemplates } from '../../../lib/config'
import { ConfigProvider } from '../../../lib/config-context'
import { airportsEndpoint } from '../../../test/airports'
import { localeFile, serveLocales, switchLanguage } from '../../../test/locales'
import type englishWords from '../../../i18n/locales/en/search.json'
import { SearchWidget } from './SearchWidget'

type Words = typeof englishWords
const PAST = '2000-01-01'
const LATER = '2099-06-10'
const LATEST = '2099-06-20'

async function renderWidget(lang: Lang, partners: PartnerTemplates = {}) {
  await switchLanguage(lang, ['search'])
  await act(async () => {
    render(
      <ConfigProvider config={parseRuntimeConfig({ partners }, 'http://localhost')}>
        <MemoryRouter>
          <SearchWidget />
        </MemoryRouter>
      </ConfigProvider>,
    )
  })
  return localeFile(lang, 'search') as unknown as Words
}

/** A field of the visible tab, by the start of its label ("Return date (optional)"). */
const input = (label: string) =>
  within(screen.getByRole('tabpanel')).getByLabelText((content) => content.startsWith(label), { selector: 'input' })
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } })
const submit = (name: string) => act(() => fireEvent.click(screen.getByRole('button', { name })))
/** Selects a tab and waits for its form, which loads on first use. */
async function openTab(tab: string, submitLabel: string) {
  fireEvent.click(screen.getByRole('tab', { name: tab }))
  await screen.findByRole('button', { name: submitLabel })
}

/** The message tied to a field (aria-describedby), or null. */
function messageOf(label: string): string | null {
  const field = input(label)
  const id = field.getAttribute('aria-describedby')
  return field.getAttribute('aria-invalid') === 'true' && id ? (document.getElementById(id)?.textContent ?? null) : null
}

beforeEach(() => serveLocales())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('search widget validation, every message in every language', () => {
  for (const lang of LANGUAGES) {
    it(`in ${lang}`, async () => {
      const w = await renderWidget(lang)
      const f = w.fields
      // Flights: the three required fields, then the place and date rules.
      await submit(w.submit.flights)
      expect([messageOf(f.from), messageOf(f.to), messageOf(f.depart)]).toEqual([w.errors.fromRequired, w.errors.toRequired, w.errors.departRequired])
      expect(document.activeElement).toBe(input(f.from))
      type(f.from, 'Lima')
      type(f.to, 'lima')
      type(f.depart, PAST)
      expect([messageOf(f.from), messageOf(f.to), messageOf(f.depart)]).toEqual([null, w.errors.samePlace, w.errors.dateInPast])
      type(f.to, 'Cusco')
      type(f.depart, LATEST)
      type(f.return, LATER)
      expect(messageOf(f.return)).toBe(w.errors.returnBeforeDepart)

      // Hotels: every field required, and a check-out after the check-in.
      await openTab(w.tabs.hotels, w.submit.hotels)
      await submit(w.submit.hotels)
      expect([messageOf(f.destination), messageOf(f.checkin), messageOf(f.checkout)]).toEqual([
        w.errors.destinationRequired,
        w.errors.checkinRequired,
        w.errors.checkoutRequired,
      ])
      type(f.checkin, LATER)
      type(f.checkout, LATER)
      expect(messageOf(f.checkout)).toBe(w.errors.checkoutNotAfterCheckin)
    })
  }
})

describe('on a valid search', () => {
  it('shows the partner alert inline when no partner is configured', async () => {
    const open = vi.fn<typeof window.open>()
    vi.stubGlobal('open', open)
    const w = await renderWidget('es')
    await openTab(w.tabs.trains, w.submit.trains)
    await submit(w.submit.trains)
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText((localeFile('es', 'search') as { partner: { unavailableTitle: string } }).partner.unavailableTitle)).toBeTruthy()
    expect(open).not.toHaveBeenCalled()
  })

  it("opens the partner's search in a new tab, with the query filled in", async () => {
    const open = vi.fn<typeof window.open>()
    vi.stubGlobal('open', open)
    const w = await renderWidget('pt', { hotels: 'https://hotels.example/s?q={destination}&in={checkin}&out={checkout}&r={rooms}' })
    await openTab(w.tabs.hotels, w.submit.hotels)
    type(w.fields.destination, 'São Luís')
    type(w.fields.checkin, LATER)
    type(w.fields.checkout, LATEST)
    fireEvent.change(screen.getByRole('combobox', { name: w.fields.rooms }), { target: { value: '2' } })
    await submit(w.submit.hotels)
    const url = `https://hotels.example/s?q=S%C3%A3o%20Lu%C3%ADs&in=${LATER}&out=${LATEST}&r=2`
    expect(open).toHaveBeenCalledWith(url, '_blank', 'noopener,noreferrer')
    const again = await screen.findByRole('link', { name: (localeFile('pt', 'search') as { partner: { openAgain: string } }).partner.openAgain })
    expect(again.getAttribute('href')).toBe(url)
  })

  it('sends IATA codes for flights: a picked airport, or a typed 3-letter code', async () => {
    serveLocales(airportsEndpoint())
    const open = vi.fn<typeof window.open>()
    vi.stubGlobal('open', open)
    const w = await renderWidget('es', { flights: 'https://f.example/?from={from}&to={to}&d={depart}&r={return}&p={passengers}' })
    const from = input(w.fields.from)
    expect(from.getAttribute('role')).toBe('combobox')
    type(w.fields.from, 'madrid')
    await screen.findByRole('option', { name: /\(MAD\)/ })
    fireEvent.keyDown(from, { key: 'ArrowDown' })
    fireEvent.keyDown(from, { key: 'Enter' })
    expect((from as HTMLInputElement).value).toBe('Madrid (MAD)')
    type(w.fields.to, 'bog')
    type(w.fields.depart, LATER)
    await submit(w.submit.flights)
    expect(open).toHaveBeenCalledWith(`https://f.example/?from=MAD&to=BOG&d=${LATER}&r=&p=1`, '_blank', 'noopener,noreferrer')
  })

  it('moves between tabs with the arrow keys (one tab stop)', async () => {
    const w = await renderWidget('en')
    const flights = screen.getByRole('tab', { name: w.tabs.flights })
    flights.focus()
    fireEvent.keyDown(flights, { key: 'ArrowLeft' })
    const trains = screen.getByRole('tab', { name: w.tabs.trains })
    expect(trains.getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(trains)
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, -1, 0])
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(trains.id)
  })
})
