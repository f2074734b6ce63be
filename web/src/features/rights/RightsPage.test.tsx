import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Lang } from '../../i18n/languages'
import { track } from '../../lib/analytics'
import { AIRPORTS, airportsEndpoint } from '../../test/airports'
import { localeFile, serveLocales, switchLanguage } from '../../test/locales'
import type englishWords from '../../i18n/locales/en/rights.json'
import type * as Rules from './rules'
import { assess } from './rules'
import { airlineByCode } from './rules/airlines'
import RightsPage from './RightsPage'
import { localToday } from './wizard/draft'

vi.mock('../../lib/analytics', () => ({ track: vi.fn<typeof track>() }))
vi.mock('./rules', async (importOriginal) => {
  const actual = await importOriginal<typeof Rules>()
  return { ...actual, assess: vi.fn<typeof assess>(actual.assess) }
})

type Words = typeof englishWords
type Common = { airportSearch: { found_one: string; found_other: string } }

const daysAgo = (days: number) => localToday(new Date(Date.now() - days * 86_400_000))
const FLIGHT_DATE = daysAgo(30)

let requests: string[] = []

async function renderPage(lang: Lang): Promise<Words> {
  const namespaces = ['rights', ...(localeFile(lang, 'rightsResult') ? ['rightsResult'] : [])]
  await switchLanguage(lang, namespaces)
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[lang === 'en' ? '/help/rights' : `/${lang}/help/rights`]}>
        <RightsPage />
      </MemoryRouter>,
    )
  })
  return localeFile(lang, 'rights') as unknown as Words
}

const heading = () => screen.getByRole('heading', { level: 2 })
const next = (w: Words) => act(() => fireEvent.click(screen.getByRole('button', { name: w.nav.next })))
const back = (w: Words) => act(() => fireEvent.click(screen.getByRole('button', { name: w.nav.back })))
const typeInto = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
const choose = (name: string) => fireEvent.click(screen.getByRole('radio', { name }))

/** The message tied to a control (aria-describedby), when it is marked invalid. */
function messageOf(element: HTMLElement): string | null {
  if (element.getAttribute('aria-invalid') !== 'true') return null
  const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ') || null
}

async function pickAirport(label: string, query: string, code: string) {
  const field = screen.getByRole('combobox', { name: label })
  fireEvent.change(field, { target: { value: query } })
  await screen.findByRole('option', { name: new RegExp(`\\(${code}\\)`) })
  // The wanted airport may not be first: move down to it.
  const position = screen.getAllByRole('option').findIndex((option) => option.textContent?.includes(`(${code})`))
  for (let step = 0; step <= position; step++) fireEvent.keyDown(field, { key: 'ArrowDown' })
  fireEvent.keyDown(field, { key: 'Enter' })
}

async function pickAirline(w: Words, query: string, code: string) {
  const field = screen.getByRole('combobox', { name: w.flight.airline })
  fireEvent.change(field, { target: { value: query } })
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(`\\(${code}\\)`) }))
}

beforeEach(() => {
  requests = []
  window.scrollTo = () => undefined
  serveLocales(airportsEndpoint(requests))
  vi.mocked(track).mockClear()
  vi.mocked(assess).mockClear()
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the rights checker', () => {
  it('opens with its intro and step 1 of 4, and asks for an incident before going on', async () => {
    const w = await renderPage('en')
    expect(screen.getByRole('heading', { level: 1, name: w.page.title })).toBeTruthy()
    expect(screen.getByText(w.page.intro)).toBeTruthy()
    const steps = within(screen.getByRole('list', { name: w.steps.label })).getAllByRole('listitem')
    expect(steps.map((step) => step.getAttribute('aria-current'))).toEqual(['step', null, null, null])
    expect(screen.getByText('Step 1 of 4')).toBeTruthy()
    expect(heading().textContent).toBe(w.steps.incident)
    // The page does not grab the focus on arrival.
    expect(document.activeElement).toBe(document.body)

    await next(w)
    const group = screen.getByRole('group', { name: w.incident.legend })
    expect(messageOf(group)).toBe(w.errors.incidentRequired)
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: w.incident.options.delay }))
    expect(heading().textContent).toBe(w.steps.incident)
  })

  it('a Spanish traveller: delay Madrid → Bogotá on Iberia, 4 h late, technical, lives in Spain', async () => {
    const w = await renderPage('es')
    const common = localeFile('es', 'common') as unknown as Common
    choose(w.incident.options.delay)
    await next(w)
    expect(heading().textContent).toBe(w.steps.flight)
    expect(document.activeElement).toBe(heading())
    expect(screen.getByText('Paso 2 de 4')).toBeTruthy()

    // Step 2: every problem at once, the focus on the first.
    await next(w)
    const from = screen.getByRole('combobox', { name: w.flight.from })
    expect(messageOf(from)).toBe(w.errors.airportRequired)
    expect(messageOf(screen.getByRole('combobox', { name: w.flight.airline }))).toBe(`${w.flight.airlineHint} ${w.errors.airlineRequired}`)
    expect(messageOf(screen.getByLabelText(w.flight.date))).toBe(w.errors.dateRequired)
    expect(document.activeElement).toBe(from)
    // Typed but not picked.
    fireEvent.change(from, { target: { value: 'madrid' } })
    expect(messageOf(from)).toBe(w.errors.pickAirport)

    await pickAirport(w.flight.from, 'madrid', 'MAD')
    expect((from as HTMLInputElement).value).toBe('Madrid (MAD)')
    expect(messageOf(from)).toBeNull()
    fireEvent.change(screen.getByRole('combobox', { name: w.flight.to }), { target: { value: 'bogota' } })
    await screen.findByRole('option', { name: /\(BOG\)/ })
    expect(document.getElementById('rights-to-status')?.textContent).toBe(common.airportSearch.found_one.replace('{{count}}', '1'))
    await pickAirport(w.flight.to, 'bogota', 'BOG')
    await pickAirline(w, 'iberia', 'IB')
    typeInto(w.flight.date, FLIGHT_DATE)
    await next(w)

    // Step 3: a delay's questions only.
    expect(heading().textContent).toBe(w.steps.details)
    expect(screen.queryByLabelText(w.details.noticeDays, { exact: false })).toBeNull()
    expect(screen.queryByRole('group', { name: w.details.volunteered })).toBeNull()
    await next(w)
    expect(messageOf(screen.getByLabelText(w.details.hours))).toBe(w.errors.hoursRequired)
    expect(messageOf(screen.getByLabelText(w.details.reason))).toBe(w.errors.reasonRequired)
    typeInto(w.details.hours, '4')
    fireEvent.change(screen.getByLabelText(w.details.reason), { target: { value: 'technical' } })
    // The currency starts as the departure country's.
    const currency = screen.getByRole('combobox', { name: (name) => name.startsWith(w.details.ticketPrice) && name.endsWith(w.details.currency) }) as HTMLSelectElement
    expect(currency.value).toBe('EUR')
    await next(w)

    // Step 4.
    expect(heading().textContent).toBe(w.steps.residence)
    fireEvent.change(screen.getByLabelText(w.residence.label), { target: { value: 'ES' } })
    await act(() => fireEvent.click(screen.getByRole('button', { name: w.nav.finish })))

    const resultHeading = await screen.findByRole('heading', { level: 2, name: (localeFile('es', 'rightsResult') as { heading: string }).heading })
    await waitFor(() => expect(document.activeElement).toBe(resultHeading))
    expect(vi.mocked(assess)).toHaveBeenCalledWith({
      lang: 'es',
      incident: 'delay',
      from: AIRPORTS.MAD,
      to: AIRPORTS.BOG,
      connections: [],
      airline: airlineByCode('IB'),
      date: FLIGHT_DATE,
      oneTicket: true,
      arrivalDelayMinutes: 240,
      reason: 'technical',
      packageTravel: false,
      residence: 'ES',
      today: localToday(),
    })
    expect(vi.mocked(track)).toHaveBeenCalledWith({ name: 'rights_check', source: 'eu261-compensation' })
    expect(screen.getAllByText(/600/).length).toBeGreaterThan(0)
    // Nothing typed left the browser: the only requests were airport searches.
    expect(requests.length).toBeGreaterThan(0)
    expect(requests.every((url) => url.startsWith('/api/v1/airports?'))).toBe(true)
  })

  it('a Brazilian traveller: cancellation São Paulo → Salvador on GOL, waited 5 h', async () => {
    const w = await renderPage('pt')
    choose(w.incident.options.cancellation)
    await next(w)
    await pickAirport(w.flight.from, 'guarulhos', 'GRU')
    await pickAirport(w.flight.to, 'salvador', 'SSA')
    await pickAirline(w, 'gol', 'G3')
    typeInto(w.flight.date, daysAgo(3))
    await next(w)
    // A cancellation's questions: the notice, re-routing (with its times once offered), the reason.
    expect(screen.getByLabelText(w.details.noticeDays)).toBeTruthy()
    expect(screen.queryByLabelText(w.details.rerouteLaterHours)).toBeNull()
    typeInto(w.details.noticeDays, '0')
    const reroute = within(screen.getByRole('group', { name: w.details.rerouteOffered }))
    fireEvent.click(reroute.getByRole('radio', { name: w.details.yes }))
    expect(screen.getByLabelText(w.details.rerouteLaterHours)).toBeTruthy()
    fireEvent.click(reroute.getByRole('radio', { name: w.details.no }))
    fireEvent.change(screen.getByLabelText(w.details.reason), { target: { value: 'none_given' } })
    typeInto(`${w.details.waitHours} (${w.details.optional})`, '5')
    await next(w)
    fireEvent.change(screen.getByLabelText(w.residence.label), { target: { value: 'BR' } })
    await act(() => fireEvent.click(screen.getByRole('button', { name: w.nav.finish })))
    expect(vi.mocked(assess).mock.calls[0]?.[0]).toMatchObject({
      lang: 'pt',
      incident: 'cancellation',
      from: AIRPORTS.GRU,
      to: AIRPORTS.SSA,
      airline: airlineByCode('G3'),
      noticeDays: 0,
      rerouteOffered: false,
      reason: 'none_given',
      waitMinutes: 300,
      residence: 'BR',
    })
    expect(vi.mocked(track).mock.calls[0]?.[0]).toMatchObject({ name: 'rights_check', source: expect.stringMatching(/^anac-/) })
  })

  it('keeps every answer when going back, and asks only the questions of the incident', async () => {
    const w = await renderPage('en')
    choose(w.incident.options.luggage_damaged)
    await next(w)
    await pickAirport(w.flight.from, 'lisbon', 'LIS')
    await pickAirport(w.flight.to, 'london', 'LHR')
    await pickAirline(w, 'tap', 'TP')
    typeInto(w.flight.date, FLIGHT_DATE)
    await next(w)
    expect(screen.queryByLabelText(w.details.reason, { exact: false })).toBeNull()
    expect(screen.getByRole('group', { name: w.details.luggageValue })).toBeTruthy()
    expect(screen.getByLabelText(w.details.luggageReceivedDate)).toBeTruthy()
    await next(w)
    expect(messageOf(screen.getByLabelText(w.details.luggageReceivedDate))).toBe(w.errors.receivedDateRequired)
    expect(document.activeElement).toBe(screen.getByLabelText(w.details.luggageReceivedDate))

    await back(w)
    expect(heading().textContent).toBe(w.steps.flight)
    expect(document.activeElement).toBe(heading())
    expect((screen.getByRole('combobox', { name: w.flight.from }) as HTMLInputElement).value).toBe('Lisbon (LIS)')
    expect((screen.getByRole('combobox', { name: w.flight.airline }) as HTMLInputElement).value).toBe('TAP Air Portugal (TP)')
    await back(w)
    expect((screen.getByRole('radio', { name: w.incident.options.luggage_damaged }) as HTMLInputElement).checked).toBe(true)
    // Another incident, other questions; the flight is still there.
    choose(w.incident.options.denied_boarding)
    await next(w)
    await next(w)
    expect(screen.getByRole('group', { name: w.details.volunteered })).toBeTruthy()
    expect(screen.queryByLabelText(w.details.luggageReceivedDate, { exact: false })).toBeNull()
  })

  it('adds and removes connections, and asks about one booking only with connections', async () => {
    const w = await renderPage('en')
    choose(w.incident.options.missed_connection)
    await next(w)
    expect(screen.queryByRole('group', { name: w.flight.oneTicket.legend })).toBeNull()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: w.flight.addConnection }))
      await new Promise((resolve) => requestAnimationFrame(resolve))
    })
    const first = screen.getByRole('combobox', { name: 'Connection 1' })
    expect(document.activeElement).toBe(first)
    expect(screen.getByRole('group', { name: w.flight.oneTicket.legend })).toBeTruthy()
    await next(w)
    expect(messageOf(first)).toBe(w.errors.airportRequired)
    expect(messageOf(screen.getByRole('group', { name: w.flight.oneTicket.legend }))).toBe(w.errors.oneTicketRequired)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: w.flight.addConnection }))
      await new Promise((resolve) => requestAnimationFrame(resolve))
    })
    await pickAirport('Connection 2', 'lisbon', 'LIS')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove connection 1' }))
      await new Promise((resolve) => requestAnimationFrame(resolve))
    })
    const only = screen.getByRole('combobox', { name: 'Connection 1' }) as HTMLInputElement
    expect(only.value).toBe('Lisbon (LIS)')
    expect(document.activeElement).toBe(only)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove connection 1' }))
      await new Promise((resolve) => requestAnimationFrame(resolve))
    })
    expect(screen.queryByRole('group', { name: w.flight.oneTicket.legend })).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: w.flight.addConnection }))
  })

  it('refuses a flight date in the future for a delay', async () => {
    const w = await renderPage('en')
    choose(w.incident.options.delay)
    await next(w)
    typeInto(w.flight.date, '2999-01-01')
    await next(w)
    expect(messageOf(screen.getByLabelText(w.flight.date))).toBe(w.errors.dateInFuture)
  })
})
