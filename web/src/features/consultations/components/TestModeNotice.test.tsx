import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { LANGUAGES } from '../../../i18n/languages'
import { serveLocales, switchLanguage } from '../../../test/locales'
import { CardForm } from './CardForm'

const PAY = {
  en: 'Test mode: no real payment is taken — try the card 4242 4242 4242 4242, with any future date and any security code.',
  es: 'Modo de prueba: no se cobra ningún pago real. Prueba con la tarjeta 4242 4242 4242 4242, cualquier fecha futura y cualquier código de seguridad.',
  pt: 'Modo de teste: nenhum pagamento real é cobrado. Use o cartão 4242 4242 4242 4242, qualquer data futura e qualquer código de segurança.',
}

async function renderCardForm(testMode: boolean) {
  await act(async () => {
    render(<CardForm submitLabel="Pay" busyLabel="Paying" onPay={vi.fn<() => Promise<null>>()} testMode={testMode} />)
  })
}

beforeAll(() => serveLocales())
afterEach(cleanup)

describe('the card form in a sandbox deployment', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: starts with the test-mode notice, which the card details are described by`, async () => {
      await switchLanguage(lang, ['consultations'])
      await renderCardForm(true)
      const group = screen.getByRole('group')
      const notice = document.getElementById(group.getAttribute('aria-describedby') ?? '')
      expect(notice?.textContent).toBe(PAY[lang])
      expect(group.firstElementChild?.nextElementSibling).toBe(notice) // right under the legend, before the fields
    })
  }

  it('says nothing of a test mode otherwise (Stripe never shows this form)', async () => {
    await switchLanguage('en', ['consultations'])
    await renderCardForm(false)
    expect(screen.getByRole('group').getAttribute('aria-describedby')).toBeNull()
    expect(screen.queryByText(/Test mode/)).toBeNull()
  })
})
