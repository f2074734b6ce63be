import { Plus, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { AirportCombobox, type AirportChoice } from '../../../components/ui/AirportCombobox'
import { Combobox } from '../../../components/ui/Combobox'
import { searchAirlines } from '../rules/airlines'
import type { Airline } from '../rules/types'
import type { ConnectionDraft, Draft } from './draft'
import { ChoiceGroup, describedBy, FieldHint, fieldId, InputField, type StepWiring } from './fields'

interface Props extends StepWiring {
  draft: Draft
  today: string
  onChange: (patch: Partial<Draft>) => void
}

const airlineText = (airline: Airline) => `${airline.name} (${airline.iata})`

/** Step 2: the flight: from, to, connections in order, the operating airline, the date, one booking or several. */
export function FlightStep({ draft, today, onChange, idPrefix, errors }: Props) {
  const { t } = useTranslation('rights')
  const id = (name: string) => fieldId(idPrefix, name)
  const error = (name: string) => {
    const code = errors[name]
    return code ? t(`errors.${code}`) : undefined
  }
  const connectionsId = id('connections')

  const setConnection = (key: number, choice: AirportChoice) =>
    onChange({ connections: draft.connections.map((connection) => (connection.key === key ? { ...connection, ...choice } : connection)) })
  const addConnection = () => {
    const key = Math.max(0, ...draft.connections.map((connection) => connection.key)) + 1
    onChange({ connections: [...draft.connections, { key, text: '', airport: null }] })
    // The new field takes the focus once it is on screen.
    requestAnimationFrame(() => document.getElementById(id(`connection-${key}`))?.focus())
  }
  const removeConnection = (connection: ConnectionDraft, index: number) => {
    const rest = draft.connections.filter((other) => other.key !== connection.key)
    onChange({ connections: rest, ...(rest.length === 0 ? { oneTicket: '' as const } : {}) })
    // Focus goes to the connection that took its place, or to the add button.
    const next = rest[index] ?? rest[index - 1]
    requestAnimationFrame(() => document.getElementById(next ? id(`connection-${next.key}`) : id('add-connection'))?.focus())
  }

  return (
    <div className="rights-fields">
      <div className="rights-pair">
        <AirportCombobox id={id('from')} label={t('flight.from')} value={draft.from} onChange={(from) => onChange({ from })} error={error('from')} required />
        <AirportCombobox id={id('to')} label={t('flight.to')} value={draft.to} onChange={(to) => onChange({ to })} error={error('to')} required />
      </div>

      <fieldset className="field rights-connections" aria-describedby={describedBy(connectionsId, true, undefined)}>
        <legend className="field-label">{t('flight.connections')}</legend>
        <FieldHint id={connectionsId} hint={t('flight.connectionsHint')} />
        {draft.connections.length > 0 && (
          <ol className="rights-connection-list">
            {draft.connections.map((connection, index) => (
              <li key={connection.key} className="rights-connection">
                <AirportCombobox
                  id={id(`connection-${connection.key}`)}
                  label={t('flight.connection', { number: index + 1 })}
                  value={connection}
                  onChange={(choice) => setConnection(connection.key, choice)}
                  error={error(`connection-${connection.key}`)}
                  required
                />
                <button type="button" className="icon-btn rights-remove" onClick={() => removeConnection(connection, index)}>
                  <X aria-hidden="true" size={20} />
                  <span className="sr-only">{t('flight.removeConnection', { number: index + 1 })}</span>
                </button>
              </li>
            ))}
          </ol>
        )}
        <div>
          <button type="button" id={id('add-connection')} className="btn btn-secondary" onClick={addConnection}>
            <Plus aria-hidden="true" size={18} />
            {t('flight.addConnection')}
          </button>
        </div>
      </fieldset>

      <Combobox<Airline>
        id={id('airline')}
        label={t('flight.airline')}
        hint={t('flight.airlineHint')}
        text={draft.airline.text}
        onChange={(text, airline) => onChange({ airline: { text, airline } })}
        search={(query) => searchAirlines(query)}
        debounceMs={0}
        optionKey={(airline) => airline.iata}
        optionText={airlineText}
        renderOption={(airline) => (
          <>
            <span className="font-semibold text-ocean-900">{airline.name}</span> <span className="text-slate-600">({airline.iata})</span>
          </>
        )}
        listLabel={t('flight.airlineList')}
        messages={{
          found: (count) => t('flight.airlineFound', { count }),
          none: t('flight.airlineNone'),
          failed: t('flight.airlineNone'),
        }}
        error={error('airline')}
        required
      />

      <InputField
        id={id('date')}
        type="date"
        label={t('flight.date')}
        value={draft.date}
        max={draft.incident === 'cancellation' ? undefined : today}
        onChange={(date) => onChange({ date })}
        error={errors.date}
        required
        className="rights-narrow"
      />

      {draft.connections.length > 0 && (
        <ChoiceGroup<'yes' | 'no'>
          id={id('oneTicket')}
          legend={t('flight.oneTicket.legend')}
          options={[
            { value: 'yes', label: t('flight.oneTicket.yes') },
            { value: 'no', label: t('flight.oneTicket.no') },
          ]}
          value={draft.oneTicket}
          onChange={(oneTicket) => onChange({ oneTicket })}
          error={errors.oneTicket}
        />
      )}
    </div>
  )
}
