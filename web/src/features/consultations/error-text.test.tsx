import { renderHook, waitFor } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { i18n } from '../../i18n/setup'
import { serveLocales, switchLanguage } from '../../test/locales'
import { useErrorText } from './error-text'

beforeAll(async () => {
  serveLocales()
  await switchLanguage('es', ['consultations', 'errors'])
})

describe('useErrorText', () => {
  it('says a code as errors:codes does, except the context overrides; an unknown code gets the fallback', async () => {
    const { result } = renderHook(() => useErrorText())
    await waitFor(() => expect(result.current).toBeTypeOf('function'))
    const say = result.current
    expect(say('card_declined')).toBe(i18n.t('errors:codes.card_declined', { lng: 'es' }))
    expect(say('card_declined')).toBe('Tu tarjeta fue rechazada. Por favor prueba con otra tarjeta.')
    expect(say('not_found')).toBe(i18n.t('consultations:errors.not_found', { lng: 'es' }))
    expect(say('not_found')).not.toBe(i18n.t('errors:codes.not_found', { lng: 'es' }))
    expect(say('hold_expired')).toMatch(/15 minutos/)
    expect(say('network')).toBe(i18n.t('errors:fallback.network', { lng: 'es' }))
    expect(say('brand_new_code')).toBe(i18n.t('errors:fallback.unexpected', { lng: 'es' }))
  })
})
