import { describe, expect, it } from 'vitest'
import { fillTemplate, partnerUrl } from './partner-url'

describe('partner hand-off URLs', () => {
  it('fills every placeholder of a flight search, URL-encoded', () => {
    const template = 'https://partner.example/flights?from={from}&to={to}&out={depart}&back={return}&adults={passengers}'
    const url = partnerUrl({ flights: template }, 'flights', {
      from: 'São Paulo (GRU)',
      to: 'Lisbon & Porto',
      depart: '2026-06-01',
      return: '',
      passengers: '2',
    })
    expect(url).toBe('https://partner.example/flights?from=S%C3%A3o%20Paulo%20(GRU)&to=Lisbon%20%26%20Porto&out=2026-06-01&back=&adults=2')
  })

  it('fills hotel and train searches, the transport mode included', () => {
    expect(
      partnerUrl({ hotels: 'https://h.example/{destination}?in={checkin}&out={checkout}&rooms={rooms}' }, 'hotels', {
        destination: 'Rio de Janeiro',
        checkin: '2026-07-01',
        checkout: '2026-07-05',
        rooms: '3',
      }),
    ).toBe('https://h.example/Rio%20de%20Janeiro?in=2026-07-01&out=2026-07-05&rooms=3')
    expect(
      partnerUrl({ trains: 'https://t.example/?f={from}&t={to}&d={date}&m={mode}' }, 'trains', { from: 'Madrid', to: 'Sevilla', date: '2026-08-02', mode: 'bus' }),
    ).toBe('https://t.example/?f=Madrid&t=Sevilla&d=2026-08-02&m=bus')
  })

  it('cannot be steered out of the template: slashes, query and fragment characters stay encoded', () => {
    expect(fillTemplate('https://p.example/{to}', { to: '../admin?x=1#y' })).toBe('https://p.example/..%2Fadmin%3Fx%3D1%23y')
  })

  it('leaves unknown placeholders empty and gives null without a template', () => {
    expect(fillTemplate('https://p.example/?a={nope}&b={to}', { to: 'x' })).toBe('https://p.example/?a=&b=x')
    expect(partnerUrl({}, 'flights', { from: 'a', to: 'b', depart: '2026-01-01', return: '', passengers: '1' })).toBeNull()
  })
})
