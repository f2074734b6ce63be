import { afterEach, describe, expect, it } from 'vitest'
import { authNeededAtStart } from './client-loader'

function at(url: string) {
  window.history.replaceState(null, '', url)
}

afterEach(() => {
  window.localStorage.clear()
  at('/')
})

describe('authNeededAtStart: when the auth client loads with the page', () => {
  it('not for a signed-out visitor on an ordinary page', () => {
    at('/es/blog#newsletter')
    expect(authNeededAtStart()).toBe(false)
    at('/help?error_reporting=1')
    expect(authNeededAtStart()).toBe(false)
  })

  it('when a session is stored', () => {
    window.localStorage.setItem('rumbo:auth', '{}')
    expect(authNeededAtStart()).toBe(true)
  })

  it('when a link brought a session, an error or a message back', () => {
    at('/es#access_token=a.b.c&expires_in=3600&refresh_token=r&token_type=bearer&type=signup')
    expect(authNeededAtStart()).toBe(true)
    at('/#error=access_denied&error_code=otp_expired&sb=')
    expect(authNeededAtStart()).toBe(true)
    at('/pt/account#message=Confirmation+link+accepted&sb=')
    expect(authNeededAtStart()).toBe(true)
  })
})
