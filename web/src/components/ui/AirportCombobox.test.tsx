import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Lang } from '../../i18n/languages'
import type { Airport } from '../../lib/airports'
import { AIRPORTS, airportsEndpoint } from '../../test/airports'
import { localeFile, serveLocales, switchLanguage } from '../../test/locales'
import { AirportCombobox, NO_AIRPORT, type AirportChoice } from './AirportCombobox'

type Words = { airportSearch: { found_one: string; found_other: string; none: string; failed: string; list: string } }

let picked: AirportChoice[] = []

function Harness({ error }: { error?: string }) {
  const [value, setValue] = useState<AirportChoice>(NO_AIRPORT)
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <AirportCombobox
        id="from"
        name="from"
        label="From"
        value={value}
        onChange={(next) => {
          picked.push(next)
          setValue(next)
        }}
        error={error}
      />
      <button type="button">Next field</button>
    </form>
  )
}

async function renderField(lang: Lang = 'en', props: { error?: string } = {}) {
  await switchLanguage(lang, ['common'])
  const path = lang === 'en' ? '/' : `/${lang}`
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <Harness {...props} />
      </MemoryRouter>,
    )
  })
  return { field: screen.getByRole('combobox', { name: 'From' }), words: localeFile(lang, 'common') as unknown as Words }
}

const typeIn = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } })
const key = (field: HTMLElement, name: string) => fireEvent.keyDown(field, { key: name })
const status = () => document.getElementById('from-status')?.textContent
const options = () => screen.queryAllByRole('option').map((option) => option.textContent)

let calls: string[] = []
beforeEach(() => {
  calls = []
  picked = []
  serveLocales(airportsEndpoint(calls))
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the airport combobox', () => {
  it('is a labelled combobox tied to its list, closed at first', async () => {
    const { field, words } = await renderField()
    expect(field.getAttribute('aria-autocomplete')).toBe('list')
    expect(field.getAttribute('aria-expanded')).toBe('false')
    const list = document.getElementById(field.getAttribute('aria-controls') ?? '')
    expect(list?.getAttribute('role')).toBe('listbox')
    expect(list?.getAttribute('aria-label')).toBe(words.airportSearch.list)
    expect(field.hasAttribute('aria-activedescendant')).toBe(false)
  })

  it('searches after a pause, once, in the page language, and announces what it found', async () => {
    const { field } = await renderField('es')
    typeIn(field, 'l')
    typeIn(field, 'lo')
    typeIn(field, 'lon')
    await screen.findAllByRole('option')
    expect(calls).toEqual(['/api/v1/airports?q=lon&lang=es&limit=8'])
    expect(field.getAttribute('aria-expanded')).toBe('true')
    expect(options()).toEqual(['London (LHR) — Heathrow Airport, Reino Unido', 'London (LGW) — Gatwick Airport, Reino Unido'])
    const words = localeFile('es', 'common') as unknown as Words
    expect(status()).toBe(words.airportSearch.found_other.replace('{{count}}', '2'))
  })

  it('does not search for one letter', async () => {
    const { field } = await renderField()
    typeIn(field, 'm')
    await new Promise((resolve) => setTimeout(resolve, 250))
    expect(calls).toEqual([])
    expect(field.getAttribute('aria-expanded')).toBe('false')
  })

  it('announces when nothing matches, and shows it without opening an empty list', async () => {
    const { field, words } = await renderField()
    typeIn(field, 'zzz')
    await waitFor(() => expect(status()).toBe(words.airportSearch.none))
    expect(field.getAttribute('aria-expanded')).toBe('false')
    expect(screen.getByText(words.airportSearch.none, { selector: '.combobox-empty' })).toBeTruthy()
  })

  it('moves with the arrows, picks with Enter and keeps the airport', async () => {
    const { field, words } = await renderField()
    typeIn(field, 'london')
    await screen.findAllByRole('option')
    expect(status()).toBe(words.airportSearch.found_other.replace('{{count}}', '2'))
    key(field, 'ArrowDown')
    expect(field.getAttribute('aria-activedescendant')).toBe('from-option-0')
    expect(screen.getAllByRole('option')[0]?.getAttribute('aria-selected')).toBe('true')
    key(field, 'ArrowDown')
    expect(field.getAttribute('aria-activedescendant')).toBe('from-option-1')
    key(field, 'ArrowDown')
    expect(field.getAttribute('aria-activedescendant')).toBe('from-option-0')
    key(field, 'ArrowUp')
    expect(field.getAttribute('aria-activedescendant')).toBe('from-option-1')
    key(field, 'Enter')
    expect((field as HTMLInputElement).value).toBe('London (LGW)')
    expect(picked.at(-1)).toEqual({ text: 'London (LGW)', airport: AIRPORTS.LGW })
    expect(field.getAttribute('aria-expanded')).toBe('false')
    expect(field.hasAttribute('aria-activedescendant')).toBe(false)
    // ArrowDown opens the last list again.
    key(field, 'ArrowDown')
    expect(field.getAttribute('aria-expanded')).toBe('true')
  })

  it('Enter without a highlighted option does not pick (the form may submit)', async () => {
    const { field } = await renderField()
    typeIn(field, 'mad')
    await screen.findAllByRole('option')
    const event = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })
    act(() => void field.dispatchEvent(event))
    expect(event.defaultPrevented).toBe(false)
    expect(picked.at(-1)?.airport).toBeNull()
  })

  it('picks with a click', async () => {
    const { field } = await renderField()
    typeIn(field, 'madrid')
    fireEvent.click(await screen.findByRole('option', { name: /Madrid \(MAD\)/ }))
    expect((field as HTMLInputElement).value).toBe('Madrid (MAD)')
    expect(picked.at(-1)?.airport).toEqual(AIRPORTS.MAD)
  })

  it('Escape closes the list, a second Escape clears the field; Tab closes it too', async () => {
    const { field } = await renderField()
    typeIn(field, 'lon')
    await screen.findAllByRole('option')
    key(field, 'Escape')
    expect(field.getAttribute('aria-expanded')).toBe('false')
    expect((field as HTMLInputElement).value).toBe('lon')
    key(field, 'Escape')
    expect((field as HTMLInputElement).value).toBe('')
    expect(picked.at(-1)).toEqual(NO_AIRPORT)

    typeIn(field, 'lon')
    await screen.findAllByRole('option')
    key(field, 'Tab')
    expect(field.getAttribute('aria-expanded')).toBe('false')
  })

  it('ignores the answer of a query a newer one replaced, and aborts it', async () => {
    const pending: { url: string; signal: AbortSignal | undefined; answer: (airports: Airport[]) => void }[] = []
    serveLocales(
      (input, init) =>
        new Promise<Response>((resolve) => {
          pending.push({ url: input, signal: init?.signal ?? undefined, answer: (airports) => resolve(new Response(JSON.stringify({ airports }))) })
        }),
    )
    const { field } = await renderField()
    typeIn(field, 'lon')
    await waitFor(() => expect(pending).toHaveLength(1))
    typeIn(field, 'lis')
    await waitFor(() => expect(pending).toHaveLength(2))
    expect(pending[0]?.signal?.aborted).toBe(true)
    expect(pending[1]?.url).toContain('q=lis')
    await act(async () => pending[1]?.answer([AIRPORTS.LIS!]))
    await act(async () => pending[0]?.answer([AIRPORTS.LHR!]))
    expect(options()).toEqual(['Lisbon (LIS) — Humberto Delgado Airport, Portugal'])
  })

  it('says when the search fails', async () => {
    serveLocales(async () => new Response(JSON.stringify({ error_code: 'internal', message: 'x' }), { status: 500 }))
    const { field, words } = await renderField()
    typeIn(field, 'mad')
    await waitFor(() => expect(status()).toBe(words.airportSearch.failed))
    expect(field.getAttribute('aria-expanded')).toBe('false')
  })

  it('ties its error message to the field', async () => {
    const { field } = await renderField('en', { error: 'Pick an airport.' })
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Pick an airport.')
  })
})
