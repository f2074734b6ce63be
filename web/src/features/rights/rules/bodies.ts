import { tx } from './text'
import type { Text } from './types'

export interface Body {
  name: string
  url: string
  note?: Text
}

/** National enforcement bodies and consumer authorities, by ISO2 country. */
export const BODIES: Record<string, Body[]> = {
  ES: [{ name: 'AESA — Agencia Estatal de Seguridad Aérea', url: 'https://www.seguridadaerea.gob.es' }],
  PT: [{ name: 'ANAC — Autoridade Nacional da Aviação Civil', url: 'https://www.anac.pt' }],
  GB: [{ name: 'CAA — UK Civil Aviation Authority', url: 'https://www.caa.co.uk' }],
  FR: [{ name: 'DGAC — Direction générale de l’Aviation civile', url: 'https://www.ecologie.gouv.fr/dgac' }],
  DE: [
    { name: 'LBA — Luftfahrt-Bundesamt', url: 'https://www.lba.de' },
    {
      name: 'söp — Schlichtungsstelle für den öffentlichen Personenverkehr',
      url: 'https://soep-online.de',
      note: tx('Free conciliation body (for airlines that take part).', 'Organismo de conciliación gratuito (para las aerolíneas adheridas).', 'Órgão de conciliação gratuito (para as companhias aderentes).'),
    },
  ],
  IT: [{ name: 'ENAC — Ente Nazionale per l’Aviazione Civile', url: 'https://www.enac.gov.it' }],
  NL: [{ name: 'ILT — Inspectie Leefomgeving en Transport', url: 'https://www.ilent.nl' }],
  IE: [{ name: 'CAR — Commission for Aviation Regulation', url: 'https://www.aviationreg.ie' }],
  BR: [
    {
      name: 'consumidor.gov.br',
      url: 'https://www.consumidor.gov.br',
      note: tx(
        'Public platform where the airline must answer within 10 days.',
        'Plataforma pública en la que la aerolínea debe responder en 10 días.',
        'Plataforma pública em que a companhia deve responder em até 10 dias.',
      ),
    },
    { name: 'ANAC — Agência Nacional de Aviação Civil', url: 'https://www.gov.br/anac' },
  ],
  CO: [
    { name: 'SIC — Superintendencia de Industria y Comercio', url: 'https://www.sic.gov.co' },
    { name: 'Aerocivil — Unidad Administrativa Especial de Aeronáutica Civil', url: 'https://www.aerocivil.gov.co' },
  ],
  US: [{ name: 'U.S. Department of Transportation — Aviation Consumer Protection', url: 'https://www.transportation.gov/airconsumer' }],
  MX: [{ name: 'PROFECO — Procuraduría Federal del Consumidor', url: 'https://www.gob.mx/profeco' }],
  AR: [
    { name: 'ANAC — Administración Nacional de Aviación Civil', url: 'https://www.argentina.gob.ar/anac' },
    { name: 'Defensa del Consumidor', url: 'https://www.argentina.gob.ar/produccion/defensadelconsumidor' },
  ],
  CL: [{ name: 'SERNAC — Servicio Nacional del Consumidor', url: 'https://www.sernac.cl' }],
  PE: [{ name: 'INDECOPI', url: 'https://www.gob.pe/indecopi' }],
}

/** For an EU/EEA country without its own entry: the European Commission's list of national bodies. */
export const EU_BODIES_LIST: Body = {
  name: 'Your Europe — national enforcement bodies',
  url: 'https://europa.eu/youreurope/citizens/travel/passenger-rights/air/index_en.htm',
}

export function bodiesFor(country: string): Body[] {
  return BODIES[country.toUpperCase()] ?? []
}
