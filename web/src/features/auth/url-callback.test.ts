import { describe, expect, it } from 'vitest'
import { readUrlCallback, withoutCallback } from './url-callback'

const SITE = 'https://rumbo.test'

describe('readUrlCallback (gotrue-contract §6)', () => {
  it('recognises a session in the fragment, with its type', () => {
    const href = `${SITE}/es#access_token=a.b.c&expires_at=1&expires_in=3600&refresh_token=r&sb=&token_type=bearer&type=signup`
    expect(readUrlCallback(href)).toEqual({ kind: 'session', type: 'signup' })
  })

  it('reads an error with its code and description', () => {
    const href = `${SITE}/#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=`
    expect(readUrlCallback(href)).toEqual({ kind: 'error', code: 'otp_expired', description: 'Email link is invalid or has expired' })
  })

  it('reads the first half of an e-mail change, and ignores ordinary addresses', () => {
    expect(readUrlCallback(`${SITE}/#message=Confirmation+link+accepted&sb=`)).toEqual({
      kind: 'message',
      message: 'Confirmation link accepted',
    })
    expect(readUrlCallback(`${SITE}/blog#newsletter`)).toBeNull()
    expect(readUrlCallback(`${SITE}/blog?message=hello`)).toBeNull()
  })

  it('removes what the callback added and keeps the rest', () => {
    expect(withoutCallback(`${SITE}/es?x=1#error=access_denied&error_code=otp_expired&sb=`)).toBe('/es?x=1')
    expect(withoutCallback(`${SITE}/pt/account#`)).toBe('/pt/account')
    expect(withoutCallback(`${SITE}/blog#newsletter`)).toBe('/blog#newsletter')
  })
})
