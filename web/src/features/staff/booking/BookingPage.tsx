import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { useBooking } from '../api/queries'
import { QueryView } from '../components/QueryView'
import { STAFF_PATHS } from '../paths'
import { SectionPage } from '../shell/SectionPage'
import { AdviceSection } from './advice/AdviceSection'
import { BookingFacts } from './BookingFacts'
import { CaseProgress } from './CaseProgress'
import { CloseCase } from './CloseCase'
import { TravellerNote } from './TravellerNote'
import { MeetingForm } from './MeetingForm'
import { Messages } from './Messages'
import { OpinionSection } from './opinion/OpinionSection'
import { OutcomeActions } from './OutcomeActions'
import { PreviousBookings } from './PreviousBookings'
import { ReassignForm } from './ReassignForm'
import { RescheduleForm } from './RescheduleForm'

/**
 * /staff/bookings/{id}: one consultation and its case — the facts, the 21-day progress, what
 * the traveller wrote and sent, and every action of the case in the order the work happens.
 */
export default function BookingPage() {
  const { t } = useTranslation('staff')
  const { id = '' } = useParams()
  const booking = useBooking(id)
  const title = booking.data ? t('booking.title', { name: booking.data.name }) : t('booking.loadingTitle')
  return (
    <SectionPage
      title={title}
      actions={
        <LocalizedLink to={STAFF_PATHS.agenda} className="link-button">
          {t('booking.backToAgenda')}
        </LocalizedLink>
      }
    >
      <QueryView query={booking} loading={t('booking.loading')}>
        {(detail) => (
          <div className="grid gap-6 lg:grid-cols-2">
            <div className="space-y-6">
              <BookingFacts booking={detail} />
              <CaseProgress booking={detail} />
              <TravellerNote booking={detail} />
              <Messages booking={detail} />
              <PreviousBookings booking={detail} />
            </div>
            <div className="space-y-6">
              <OutcomeActions booking={detail} />
              <MeetingForm booking={detail} />
              <RescheduleForm booking={detail} />
              <ReassignForm booking={detail} />
            </div>
            <div className="space-y-6 lg:col-span-2">
              <OpinionSection booking={detail} />
              <AdviceSection booking={detail} />
              <CloseCase booking={detail} />
            </div>
          </div>
        )}
      </QueryView>
    </SectionPage>
  )
}
