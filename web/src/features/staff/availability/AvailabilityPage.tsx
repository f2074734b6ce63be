import { useTranslation } from 'react-i18next'
import { useAvailability } from '../api/queries'
import { QueryView } from '../components/QueryView'
import { useStaff } from '../context'
import { SectionPage } from '../shell/SectionPage'
import { AddConsultant } from './AddConsultant'
import { Conflicts } from './Conflicts'
import { ConsultantCard } from './ConsultantCard'

/**
 * Availability: the bookings that need another consultant first, then each consultant's zone,
 * weekly hours, languages and time off; admins also add consultants.
 */
export default function AvailabilityPage() {
  const { t } = useTranslation('staff')
  const { isAdmin } = useStaff()
  const availability = useAvailability()
  return (
    <SectionPage title={t('availability.title')} intro={t('availability.intro')}>
      <QueryView query={availability} loading={t('availability.loading')}>
        {({ consultants, conflicts }) => (
          <div className="space-y-10">
            <Conflicts conflicts={conflicts} consultants={consultants} />
            <section aria-labelledby="consultants-heading" className="space-y-4">
              <h2 id="consultants-heading" className="text-2xl font-semibold">
                {t('availability.consultants')}
              </h2>
              <div className="grid gap-4 lg:grid-cols-2">
                {consultants.map((consultant) => (
                  <ConsultantCard key={consultant.id} consultant={consultant} />
                ))}
              </div>
            </section>
            {isAdmin && <AddConsultant />}
          </div>
        )}
      </QueryView>
    </SectionPage>
  )
}
