import { useTranslation } from 'react-i18next'
import { useAvailability } from '../api/queries'
import { ActionStatus } from '../components/ActionStatus'
import { ReassignControl } from '../components/ReassignControl'
import type { BookingSummary } from '../types'

/** The booking page's card around it, with the team read from GET /staff/availability. */
export function ReassignForm({ booking }: { booking: BookingSummary }) {
  const { t } = useTranslation('staff')
  const availability = useAvailability()
  if (booking.status !== 'confirmed' || booking.case_state !== 'scheduled') return null
  return (
    <section aria-labelledby="reassign-heading" className="card space-y-4">
      <h2 id="reassign-heading" className="text-2xl font-semibold">
        {t('reassign.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('reassign.current', { name: booking.consultant_name })}</p>
      {availability.isSuccess ? (
        <ReassignControl booking={booking} consultants={availability.data.consultants} />
      ) : availability.isError ? (
        <ActionStatus done={null} error={availability.error} />
      ) : (
        <output className="block text-sm text-slate-600">{t('common.loading')}</output>
      )}
    </section>
  )
}
