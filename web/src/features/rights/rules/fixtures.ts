import { airlineByCode } from './airlines'
import { EARTH_RADIUS_KM } from './geo'
import type { Airline, Airport, CheckInput } from './types'

/** Test airports (real coordinates), for the rules' tests and the result view's. */
const ap = (iata: string, country: string, lat: number, lon: number, city = iata): Airport => ({
  iata,
  icao: null,
  name: `${city} airport`,
  city,
  country,
  lat,
  lon,
  tz: 'UTC',
})

export const AIRPORTS = {
  MAD: ap('MAD', 'ES', 40.4719, -3.5626, 'Madrid'),
  BCN: ap('BCN', 'ES', 41.2974, 2.0833, 'Barcelona'),
  TFN: ap('TFN', 'ES', 28.4827, -16.3415, 'Tenerife'),
  LIS: ap('LIS', 'PT', 38.7742, -9.1342, 'Lisboa'),
  FRA: ap('FRA', 'DE', 50.0379, 8.5622, 'Frankfurt'),
  ATH: ap('ATH', 'GR', 37.9364, 23.9445, 'Athens'),
  LHR: ap('LHR', 'GB', 51.47, -0.4543, 'London'),
  IST: ap('IST', 'TR', 41.2753, 28.7519, 'Istanbul'),
  JFK: ap('JFK', 'US', 40.6413, -73.7781, 'New York'),
  LAX: ap('LAX', 'US', 33.9416, -118.4085, 'Los Angeles'),
  MIA: ap('MIA', 'US', 25.7959, -80.287, 'Miami'),
  BOG: ap('BOG', 'CO', 4.7016, -74.1469, 'Bogotá'),
  MDE: ap('MDE', 'CO', 6.1645, -75.4231, 'Medellín'),
  GRU: ap('GRU', 'BR', -23.4356, -46.4731, 'São Paulo'),
  SSA: ap('SSA', 'BR', -12.9086, -38.3225, 'Salvador'),
} as const

/** Two airports on the equator exactly `km` apart (great circle). */
export function pairAt(km: number, fromCountry: string, toCountry: string): [Airport, Airport] {
  const lon = ((km / EARTH_RADIUS_KM) * 180) / Math.PI
  return [ap('AAA', fromCountry, 0, 0), ap('BBB', toCountry, 0, lon)]
}

export function airline(code: string): Airline {
  const found = airlineByCode(code)
  if (!found) throw new Error(`no airline ${code}`)
  return found
}

export function checkInput(overrides: Partial<CheckInput> = {}): CheckInput {
  return {
    lang: 'es',
    incident: 'delay',
    from: AIRPORTS.MAD,
    to: AIRPORTS.BCN,
    connections: [],
    airline: airline('IB'),
    date: '2026-03-10',
    oneTicket: true,
    reason: 'technical',
    residence: 'ES',
    today: '2026-04-01',
    ...overrides,
  }
}
