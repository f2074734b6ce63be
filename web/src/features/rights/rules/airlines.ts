import type { Airline } from './types'

/**
 * Airlines Spanish and Portuguese speakers fly most, with the country of their operating licence
 * (which decides "EU carrier" for Regulation 261/2004 and "foreign airline" for the letter's
 * language). claimUrl is the airline's own site: its claims form is reached from there.
 */
export const AIRLINES: readonly Airline[] = [
  // Spain
  { iata: 'IB', name: 'Iberia', country: 'ES', claimUrl: 'https://www.iberia.com' },
  { iata: 'I2', name: 'Iberia Express', country: 'ES', claimUrl: 'https://www.iberiaexpress.com' },
  { iata: 'YW', name: 'Air Nostrum (Iberia Regional)', country: 'ES' },
  { iata: 'UX', name: 'Air Europa', country: 'ES', claimUrl: 'https://www.aireuropa.com' },
  { iata: 'VY', name: 'Vueling', country: 'ES', claimUrl: 'https://www.vueling.com' },
  { iata: 'V7', name: 'Volotea', country: 'ES', claimUrl: 'https://www.volotea.com' },
  { iata: 'NT', name: 'Binter', country: 'ES', claimUrl: 'https://www.bintercanarias.com' },
  { iata: 'EB', name: 'Wamos Air', country: 'ES' },
  { iata: 'PM', name: 'Canaryfly', country: 'ES' },
  // Portugal
  { iata: 'TP', name: 'TAP Air Portugal', country: 'PT', claimUrl: 'https://www.flytap.com' },
  { iata: 'S4', name: 'Azores Airlines (SATA)', country: 'PT' },
  { iata: 'HI', name: 'Hi Fly', country: 'PT' },
  // Rest of Europe
  { iata: 'FR', name: 'Ryanair', country: 'IE', claimUrl: 'https://www.ryanair.com' },
  { iata: 'EI', name: 'Aer Lingus', country: 'IE', claimUrl: 'https://www.aerlingus.com' },
  { iata: 'U2', name: 'easyJet', country: 'GB', claimUrl: 'https://www.easyjet.com' },
  { iata: 'EC', name: 'easyJet Europe', country: 'AT', claimUrl: 'https://www.easyjet.com' },
  { iata: 'W6', name: 'Wizz Air', country: 'HU', claimUrl: 'https://wizzair.com' },
  { iata: 'W9', name: 'Wizz Air UK', country: 'GB', claimUrl: 'https://wizzair.com' },
  { iata: 'LH', name: 'Lufthansa', country: 'DE', claimUrl: 'https://www.lufthansa.com' },
  { iata: 'EW', name: 'Eurowings', country: 'DE', claimUrl: 'https://www.eurowings.com' },
  { iata: 'DE', name: 'Condor', country: 'DE', claimUrl: 'https://www.condor.com' },
  { iata: 'AF', name: 'Air France', country: 'FR', claimUrl: 'https://www.airfrance.com' },
  { iata: 'TO', name: 'Transavia France', country: 'FR', claimUrl: 'https://www.transavia.com' },
  { iata: 'KL', name: 'KLM', country: 'NL', claimUrl: 'https://www.klm.com' },
  { iata: 'HV', name: 'Transavia', country: 'NL', claimUrl: 'https://www.transavia.com' },
  { iata: 'BA', name: 'British Airways', country: 'GB', claimUrl: 'https://www.britishairways.com' },
  { iata: 'VS', name: 'Virgin Atlantic', country: 'GB', claimUrl: 'https://www.virginatlantic.com' },
  { iata: 'LS', name: 'Jet2', country: 'GB', claimUrl: 'https://www.jet2.com' },
  { iata: 'AZ', name: 'ITA Airways', country: 'IT', claimUrl: 'https://www.ita-airways.com' },
  { iata: 'LX', name: 'Swiss', country: 'CH', claimUrl: 'https://www.swiss.com' },
  { iata: 'OS', name: 'Austrian Airlines', country: 'AT', claimUrl: 'https://www.austrian.com' },
  { iata: 'SN', name: 'Brussels Airlines', country: 'BE', claimUrl: 'https://www.brusselsairlines.com' },
  { iata: 'SK', name: 'SAS', country: 'SE', claimUrl: 'https://www.flysas.com' },
  { iata: 'AY', name: 'Finnair', country: 'FI', claimUrl: 'https://www.finnair.com' },
  { iata: 'LO', name: 'LOT Polish Airlines', country: 'PL', claimUrl: 'https://www.lot.com' },
  { iata: 'TK', name: 'Turkish Airlines', country: 'TR', claimUrl: 'https://www.turkishairlines.com' },
  { iata: 'AT', name: 'Royal Air Maroc', country: 'MA', claimUrl: 'https://www.royalairmaroc.com' },
  // Middle East and Asia
  { iata: 'EK', name: 'Emirates', country: 'AE', claimUrl: 'https://www.emirates.com' },
  { iata: 'QR', name: 'Qatar Airways', country: 'QA', claimUrl: 'https://www.qatarairways.com' },
  { iata: 'EY', name: 'Etihad Airways', country: 'AE', claimUrl: 'https://www.etihad.com' },
  // Latin America
  { iata: 'LA', name: 'LATAM Airlines', country: 'CL', claimUrl: 'https://www.latamairlines.com' },
  { iata: 'JJ', name: 'LATAM Airlines Brasil', country: 'BR', claimUrl: 'https://www.latamairlines.com' },
  { iata: 'LP', name: 'LATAM Airlines Perú', country: 'PE', claimUrl: 'https://www.latamairlines.com' },
  { iata: '4C', name: 'LATAM Airlines Colombia', country: 'CO', claimUrl: 'https://www.latamairlines.com' },
  { iata: 'AV', name: 'Avianca', country: 'CO', claimUrl: 'https://www.avianca.com' },
  { iata: 'AD', name: 'Azul', country: 'BR', claimUrl: 'https://www.voeazul.com.br' },
  { iata: 'G3', name: 'GOL', country: 'BR', claimUrl: 'https://www.voegol.com.br' },
  { iata: 'AR', name: 'Aerolíneas Argentinas', country: 'AR', claimUrl: 'https://www.aerolineas.com.ar' },
  { iata: 'FO', name: 'Flybondi', country: 'AR', claimUrl: 'https://flybondi.com' },
  { iata: 'CM', name: 'Copa Airlines', country: 'PA', claimUrl: 'https://www.copaair.com' },
  { iata: 'AM', name: 'Aeroméxico', country: 'MX', claimUrl: 'https://www.aeromexico.com' },
  { iata: 'VB', name: 'Viva Aerobus', country: 'MX', claimUrl: 'https://www.vivaaerobus.com' },
  { iata: 'Y4', name: 'Volaris', country: 'MX', claimUrl: 'https://www.volaris.com' },
  { iata: 'JA', name: 'JetSMART', country: 'CL', claimUrl: 'https://jetsmart.com' },
  { iata: 'H2', name: 'Sky Airline', country: 'CL', claimUrl: 'https://www.skyairline.com' },
  { iata: 'P5', name: 'Wingo', country: 'CO', claimUrl: 'https://www.wingo.com' },
  { iata: 'OB', name: 'Boliviana de Aviación', country: 'BO', claimUrl: 'https://www.boa.bo' },
  { iata: 'TA', name: 'Avianca El Salvador', country: 'SV', claimUrl: 'https://www.avianca.com' },
  { iata: 'XL', name: 'LATAM Airlines Ecuador', country: 'EC', claimUrl: 'https://www.latamairlines.com' },
  { iata: '2Z', name: 'Voepass', country: 'BR' },
  { iata: 'CU', name: 'Cubana', country: 'CU' },
  // North America
  { iata: 'AA', name: 'American Airlines', country: 'US', claimUrl: 'https://www.aa.com' },
  { iata: 'UA', name: 'United Airlines', country: 'US', claimUrl: 'https://www.united.com' },
  { iata: 'DL', name: 'Delta Air Lines', country: 'US', claimUrl: 'https://www.delta.com' },
  { iata: 'B6', name: 'JetBlue', country: 'US', claimUrl: 'https://www.jetblue.com' },
  { iata: 'NK', name: 'Spirit Airlines', country: 'US', claimUrl: 'https://www.spirit.com' },
  { iata: 'WN', name: 'Southwest Airlines', country: 'US', claimUrl: 'https://www.southwest.com' },
  { iata: 'AC', name: 'Air Canada', country: 'CA', claimUrl: 'https://www.aircanada.com' },
  { iata: 'WS', name: 'WestJet', country: 'CA', claimUrl: 'https://www.westjet.com' },
]

/** Lower case, without accents: "Aeroméxico" and "aeromexico" match. */
export function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim()
}

/**
 * Airlines whose code or name matches `q` (accent- and case-insensitive): an exact code first,
 * then names that start with the query, then names that contain it.
 */
export function searchAirlines(q: string, limit = 10): Airline[] {
  const query = fold(q)
  if (!query) return []
  const scored: Array<{ airline: Airline; score: number }> = []
  for (const airline of AIRLINES) {
    const code = airline.iata.toLowerCase()
    const name = fold(airline.name)
    let score = -1
    if (code === query) score = 0
    else if (name.startsWith(query)) score = 1
    else if (name.split(/[\s()-]+/).some((word) => word.startsWith(query))) score = 2
    else if (name.includes(query)) score = 3
    if (score >= 0) scored.push({ airline, score })
  }
  return scored.toSorted((a, b) => a.score - b.score || a.airline.name.localeCompare(b.airline.name)).slice(0, limit).map((s) => s.airline)
}

export function airlineByCode(iata: string): Airline | undefined {
  const code = iata.toUpperCase()
  return AIRLINES.find((a) => a.iata === code)
}
