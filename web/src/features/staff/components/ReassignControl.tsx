import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { SelectField } from '../../../components/ui/Field'
import { useBookingWrite } from '../api/mutations'
import { reassign } from '../api/requests'
import { ActionStatus } from './ActionStatus'
import { languageOf, type BookingDetail, type BookingSummary, type Consultant } from '../types'

interface Props {
  booking: BookingSummary
  consultants: Consultant[]
  /** Told of a success, for a list whose row leaves once reassigned (its live region with it). */
  onDone?: (detail: BookingDetail) => void
}

/**
 * Another consultant for a booking (a conflict, an absence): the active ones other than the
 * current, those who speak the traveller's language first. 409 `slot_taken` when the new
 * consultant's time is claimed.
 */
export function ReassignControl({ booking, consultants, onDone }: Props) {
  const { t } = useTranslation('staff')
  const language = languageOf(booking.language)
  const speaks = (consultant: Consultant) => Number(language !== null && consultant.languages.includes(language))
  const choices = consultants
    .filter((consultant) => consultant.active && consultant.id !== booking.consultant_id)
    .toSorted((a, b) => speaks(b) - speaks(a))
  const [chosen, setChosen] = useState(choices[0]?.id ?? '')
  const write = useBookingWrite<string>(booking.id, reassign)
  if (choices.length === 0) return <p className="text-sm text-slate-600">{t('reassign.noOne')}</p>

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!chosen) return
    write.mutateAsync(chosen).then(
      (detail) => onDone?.(detail),
      () => undefined, // said below the button
    )
  }
  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <SelectField label={t('reassign.to', { name: booking.name })} value={chosen} onChange={(event) => setChosen(event.target.value)}>
        {choices.map((consultant) => (
          <option key={consultant.id} value={consultant.id}>
            {t('reassign.option', { name: consultant.name, languages: consultant.languages.join(', ').toUpperCase() })}
          </option>
        ))}
      </SelectField>
      <button type="submit" className={buttonStyles.secondary} disabled={write.isPending}>
        {write.isPending ? t('common.saving') : t('reassign.submit')}
      </button>
      <ActionStatus done={write.isSuccess ? t('reassign.done', { name: write.data.consultant_name }) : null} error={write.error} />
    </form>
  )
}
