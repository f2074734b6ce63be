import type { Airport } from '../lib/airports'

/** A few airports as GET /api/v1/airports answers them (cities in English). */
export const AIRPORTS: Record<string, Airport> = {
  MAD: { iata: 'MAD', icao: 'LEMD', name: 'Adolfo Suárez Madrid–Barajas Airport', city: 'Madrid', country: 'ES', lat: 40.4719, lon: -3.5626, tz: 'Europe/Madrid' },
  BOG: { iata: 'BOG', icao: 'SKBO', name: 'El Dorado International Airport', city: 'Bogotá', country: 'CO', lat: 4.7016, lon: -74.1469, tz: 'America/Bogota' },
  GRU: { iata: 'GRU', icao: 'SBGR', name: 'São Paulo/Guarulhos International Airport', city: 'São Paulo', country: 'BR', lat: -23.4356, lon: -46.4731, tz: 'America/Sao_Paulo' },
  SSA: { iata: 'SSA', icao: 'SBSV', name: 'Deputado Luís Eduardo Magalhães International Airport', city: 'Salvador', country: 'BR', lat: -12.9086, lon: -38.3225, tz: 'America/Bahia' },
  LIS: { iata: 'LIS', icao: 'LPPT', name: 'Humberto Delgado Airport', city: 'Lisbon', country: 'PT', lat: 38.7813, lon: -9.1359, tz: 'Europe/Lisbon' },
  LHR: { iata: 'LHR', icao: 'EGLL', name: 'Heathrow Airport', city: 'London', country: 'GB', lat: 51.47, lon: -0.4543, tz: 'Europe/London' },
  LGW: { iata: 'LGW', icao: 'EGKK', name: 'Gatwick Airport', city: 'London', country: 'GB', lat: 51.1481, lon: -0.1903, tz: 'Europe/London' },
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

/** What the fake endpoint finds for `q`: code, city or name containing it, accents and case ignored. */
export function findAirports(q: string): Airport[] {
  const query = fold(q.trim())
  return Object.values(AIRPORTS).filter((a) => [a.iata, a.city, a.name].some((field) => fold(field).includes(query)))
}

/** A fetch fallback for serveLocales answering /api/v1/airports from AIRPORTS; `calls` records each URL. */
export function airportsEndpoint(calls: string[] = []) {
  return async (input: string): Promise<Response> => {
    const url = new URL(input, 'http://localhost')
    if (url.pathname !== '/api/v1/airports') return new Response(null, { status: 404 })
    calls.push(url.pathname + url.search)
    return new Response(JSON.stringify({ airports: findAirports(url.searchParams.get('q') ?? '') }), { headers: { 'Content-Type': 'application/json' } })
  }
}
