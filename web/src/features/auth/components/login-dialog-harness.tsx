import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter } from 'react-router'
import { vi } from 'vitest'
import type { Lang } from '../../../i18n/languages'
import { switchLanguage } from '../../../test/locales'
import type { LoginView } from '../login-dialog-store'
import LoginDialog from './LoginDialog'

/**
 * What the login dialog tests share. Each test file mocks the client loader,
 * the flash, the settings and the toast mount itself (vi.mock is per file);
 * the dialog then talks to `fakeClient`.
 */
type Call = (...args: unknown[]) => Promise<unknown>
export const fakeClient = {
  signUp: vi.fn<Call>(),
  signInWithPassword: vi.fn<Call>(),
  resetPasswordForEmail: vi.fn<Call>(),
  signInWithOAuth: vi.fn<Call>(),
  signOut: vi.fn<Call>(),
  getSession: vi.fn<Call>(),
  setSession: vi.fn<Call>(),
  mfa: {
    getAuthenticatorAssuranceLevel: vi.fn<Call>(),
    listFactors: vi.fn<Call>(),
    challenge: vi.fn<Call>(),
    verify: vi.fn<Call>(),
  },
}

/** Every call forgotten; a session without two-step verification unless a test says otherwise. */
export function resetFakeClient(): void {
  const { mfa, ...calls } = fakeClient
  for (const call of [...Object.values(calls), ...Object.values(mfa)]) call.mockReset()
  mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({ data: { currentLevel: 'aal1', nextLevel: 'aal1' }, error: null })
}

/** Renders the dialog on the home page of `lang`, on its options view (or `view`). */
export async function openDialog(lang: Lang, onClose = vi.fn<() => void>(), view: LoginView = 'options') {
  await switchLanguage(lang)
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[lang === 'en' ? '/' : `/${lang}`]}>
        <Suspense fallback={null}>
          <LoginDialog initialView={view} onClose={onClose} />
        </Suspense>
      </MemoryRouter>,
    )
  })
  return onClose
}

export const dialog = () => screen.getByRole('dialog')
export const title = () => within(dialog()).getByRole('heading', { level: 2 }).textContent
export const click = (name: string | RegExp) => act(async () => fireEvent.click(within(dialog()).getByRole('button', { name })))
/** Types into an input, or picks an option of a select (by value). */
export const type = (label: string, value: string) =>
  fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } })
