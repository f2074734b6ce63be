import { describe, expect, it } from 'vitest'
import { isSitePath, phoneHref, webHref } from './meeting'

describe('the ways to join', () => {
  it('links only to absolute http(s) addresses', () => {
    expect(webHref('https://meet.example/rumbo-ABCD')).toBe('https://meet.example/rumbo-ABCD')
    expect(webHref('http://meet.example/x?y=1')).toBe('http://meet.example/x?y=1')
    expect(webHref('javascript:alert(1)')).toBeNull()
    expect(webHref('data:text/html,hi')).toBeNull()
    expect(webHref('/relative')).toBeNull()
    expect(webHref('')).toBeNull()
    expect(webHref(null)).toBeNull()
    expect(webHref(undefined)).toBeNull()
  })

  it('dials the digits of a number written any way, keeping a leading +', () => {
    expect(phoneHref('+57 (601) 555-0100')).toBe('tel:+576015550100')
    expect(phoneHref(' 601.555.0100 ')).toBe('tel:6015550100')
    expect(phoneHref('call me')).toBeNull()
    expect(phoneHref(null)).toBeNull()
  })

  it('follows only paths of this site in the router', () => {
    expect(isSitePath('/es/help/opinions/x')).toBe(true)
    expect(isSitePath('//evil.example/x')).toBe(false)
    expect(isSitePath('/\\evil.example/x')).toBe(false)
    expect(isSitePath('https://rumbo.example/help/opinions/x')).toBe(false)
    expect(isSitePath(null)).toBe(false)
  })
})
