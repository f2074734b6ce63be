import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { SESSION_KEYS } from '../../lib/session-keys'
import { serveLocales, switchLanguage } from '../../test/locales'
import { RightsResult } from './RightsResult'
import { AIRPORTS as A, airline, checkInput } from './rules/fixtures'
import { assess } from './rules/index'
import type { CheckInput, Lang } from './rules/types'

const PATHS: Record<Lang, string> = { en: '/help/rights', es: '/es/help/rights', pt: '/pt/help/rights' }

async function show(input: CheckInput, lang: Lang = input.lang) {
  await switchLanguage(lang, ['rightsResult'])
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[PATHS[lang]]}>
        <Suspense fallback={<p>Loading</p>}>
          <Routes>
            <Route path={PATHS[lang]} element={<RightsResult input={input} assessment={assess(input)} />} />
            <Route path="/es/help/booking" element={<p>Booking form</p>} />
            <Route path="/help/booking" element={<p>Booking form</p>} />
          </Routes>
        </Suspense>
      </MemoryRouter>,
    )
  })
}

const madBog = checkInput({ lang: 'es', from: A.MAD, to: A.BOG, arrivalDelayMinutes: 240, reason: 'technical', residence: 'CO' })

beforeAll(() => serveLocales())
beforeEach(() => window.sessionStorage.clear())
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('RightsResult', () => {
  it('shows what is owed with amount, rule and why; headings in order', async () => {
    await show(madBog)
    const result = screen.getByRole('region', { name: 'Tu resultado' })
    expect(within(result).getByRole('heading', { level: 2, name: 'Tu resultado' })).toBeTruthy()
    const owed = screen.getByRole('region', { name: 'Lo que se te debe' })
    expect(within(owed).getByText('600 €')).toBeTruthy()
    expect(within(owed).getByText(/TJUE C-549\/07 Wallentin-Hermann/)).toBeTruthy()
    expect(within(owed).getByRole('link', { name: /Reglamento \(CE\) n.º 261\/2004, art\. 6 y 7/ })).toBeTruthy()
    const levels = [...result.querySelectorAll('h2, h3, h4')].map((h) => Number(h.tagName[1]))
    const steps = levels.slice(1).map((level, i) => level - levels[i]!)
    expect(steps.every((step) => step <= 1)).toBe(true)
  })

  it('shows the distance and band, the deadline, documents and where to send it', async () => {
    await show(madBog)
    expect(screen.getByText(/8\.?0\d\d km en línea recta/)).toBeTruthy()
    expect(screen.getByText('Tramo aplicado: más de 3.500 km.')).toBeTruthy()
    const deadlines = screen.getByRole('region', { name: 'Plazo para reclamar' })
    expect(within(deadlines).getByText('hasta el 10 de marzo de 2031')).toBeTruthy()
    const docs = screen.getByRole('region', { name: 'Documentos que debes reunir' })
    expect(within(docs).getAllByRole('listitem').length).toBeGreaterThanOrEqual(3)
    const send = screen.getByRole('region', { name: 'Dónde enviarla' })
    expect(within(send).getByRole('link', { name: /Iberia/ }).getAttribute('href')).toBe('https://www.iberia.com')
    expect(within(send).getByRole('link', { name: /AESA/ }).getAttribute('href')).toBe('https://www.seguridadaerea.gob.es')
  })

  it('shows what is not owed and why', async () => {
    await show(checkInput({ lang: 'es', arrivalDelayMinutes: 179 }))
    const notOwed = screen.getByRole('region', { name: 'Lo que no se te debe, y por qué' })
    expect(within(notOwed).getByText(/la compensación empieza a partir de 3 horas/)).toBeTruthy()
  })

  it('writes the letter in Spanish and English when the airline is foreign, and copies it with an announcement', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await show(madBog)
    const spanish = screen.getByRole('article', { name: 'Carta en español' })
    const english = screen.getByRole('article', { name: 'Carta en inglés' })
    expect(spanish.getAttribute('lang')).toBe('es')
    expect(english.getAttribute('lang')).toBe('en')
    expect(within(spanish).getAllByText('[localizador de la reserva]').length).toBeGreaterThan(0)
    await act(async () => fireEvent.click(within(spanish).getByRole('button', { name: 'Copiar la carta en español' })))
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('operado por Iberia'))
    expect(screen.getByRole('status').textContent).toBe('Se copió la carta en español.')
  })

  it('prints only the chosen letter', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {})
    await show(madBog)
    const english = screen.getByRole('article', { name: 'Carta en inglés' })
    fireEvent.click(within(english).getByRole('button', { name: 'Imprimir la carta en inglés' }))
    expect(print).toHaveBeenCalled()
    expect(document.documentElement.dataset.print).toBe('letter')
    expect(english.dataset.printTarget).toBe('true')
    fireEvent(window, new Event('afterprint'))
    expect(document.documentElement.dataset.print).toBeUndefined()
  })

  it('downloads the letter as a PDF through an object URL', async () => {
    const created: Blob[] = []
    URL.createObjectURL = vi.fn<(blob: Blob) => string>((blob) => {
      created.push(blob)
      return 'blob:letter'
    })
    URL.revokeObjectURL = vi.fn<(url: string) => void>()
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    await show(madBog)
    fireEvent.click(screen.getByRole('button', { name: 'Descargar la carta en español (PDF)' }))
    expect(click).toHaveBeenCalled()
    expect(created[0]?.type).toBe('application/pdf')
    const buffer = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader()
      reader.addEventListener('load', () => resolve(reader.result as ArrayBuffer))
      reader.readAsArrayBuffer(created[0]!)
    })
    const head = new Uint8Array(buffer).slice(0, 5)
    expect(String.fromCharCode(...head)).toBe('%PDF-')
  })

  it('leaves a case summary for the booking form only when "Book a consultation" is pressed', async () => {
    await show(madBog)
    expect(window.sessionStorage.getItem(SESSION_KEYS.bookingPrefill)).toBeNull()
    const book = screen.getByRole('link', { name: 'Reservar una consulta' })
    expect(book.getAttribute('href')).toBe('/es/help/booking')
    await act(async () => fireEvent.click(book))
    expect(window.sessionStorage.getItem(SESSION_KEYS.bookingPrefill)).toContain('Madrid (MAD) → Bogotá (BOG), Iberia')
    expect(screen.getByText('Booking form')).toBeTruthy()
  })

  it('puts the consultation first, with the reasons, when an expert is needed', async () => {
    await show(checkInput({ lang: 'en', incident: 'missed_connection', oneTicket: false, to: A.BOG, connections: [A.LIS], arrivalDelayMinutes: 600 }), 'en')
    const expert = screen.getByRole('region', { name: 'Ask an expert' })
    expect(expert.className).toContain('rights-expert-prominent')
    expect(within(expert).getByText('Your flights were on separate bookings.')).toBeTruthy()
    const sections = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)
    expect(sections[0]).toBe('Ask an expert')
  })

  it('in Portuguese: ANAC with no fixed compensation said plainly, and SDR converted with the rate date', async () => {
    const input = checkInput({ lang: 'pt', incident: 'denied_boarding', from: A.GRU, to: A.SSA, airline: airline('G3'), residence: 'BR' })
    await show(input, 'pt')
    const owed = screen.getByRole('region', { name: 'O que é devido a você' })
    expect(within(owed).getByText('250 DES')).toBeTruthy()
    expect(within(owed).getByText(/cerca de R\$\s?1\.8\d\d pela cotação de 31 de outubro de 2025/)).toBeTruthy()
    expect(screen.getByText(/NÃO fixam indenização/)).toBeTruthy()
    expect(screen.queryByRole('article', { name: 'Carta em inglês' })).toBeNull()
  })
})
