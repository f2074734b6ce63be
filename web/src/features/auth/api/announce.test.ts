import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { serveLocales, switchLanguage } from '../../../test/locales'
import { showToast } from '../../toasts/toast-store'
import { readUrlCallback } from '../url-callback'
import { announceUrlCallback } from './announce'

vi.mock('../../toasts/toast-store', () => ({ showToast: vi.fn<typeof showToast>() }))

// What GET /auth/v1/verify appends after the first of the two links of an e-mail change
// (server/src/auth/handlers/verify.rs, docs/auth-api.md#redirects).
const HALF = '#message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email&sb='

beforeAll(async () => {
  serveLocales()
  await switchLanguage('en')
})
afterEach(() => window.history.replaceState(null, '', '/'))

describe('the first link of an e-mail change, back on the account page', () => {
  it("says what to do next in the page's language (a polite toast) and takes the message out of the address", async () => {
    for (const [path, words] of [
      ['/es/account', 'Enlace aceptado. Para terminar, abre el enlace que enviamos a tu otra dirección.'],
      ['/pt/account', 'Link aceito. Para concluir, abra o link que enviamos ao seu outro endereço.'],
    ] as const) {
      window.history.replaceState(null, '', path + HALF)
      const callback = readUrlCallback(window.location.href)
      expect(callback?.kind).toBe('message')
      await announceUrlCallback(callback!, null)
      expect(showToast).toHaveBeenLastCalledWith({ tone: 'success', title: words })
      expect(window.location.pathname + window.location.hash).toBe(path)
    }
  })
})
