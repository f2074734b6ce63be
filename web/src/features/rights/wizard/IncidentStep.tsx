import { useTranslation } from 'react-i18next'
import type { Incident } from '../rules/types'
import { INCIDENTS, type Draft } from './draft'
import { ChoiceGroup, fieldId, type StepWiring } from './fields'

interface Props extends StepWiring {
  draft: Draft
  onChange: (incident: Incident) => void
}

/** Step 1: what happened, one of the eight incidents. */
export function IncidentStep({ draft, onChange, idPrefix, errors }: Props) {
  const { t } = useTranslation('rights')
  return (
    <ChoiceGroup<Incident>
      id={fieldId(idPrefix, 'incident')}
      legend={t('incident.legend')}
      look="cards"
      options={INCIDENTS.map((incident) => ({ value: incident, label: t(`incident.options.${incident}`) }))}
      value={draft.incident}
      onChange={onChange}
      error={errors.incident}
    />
  )
}
