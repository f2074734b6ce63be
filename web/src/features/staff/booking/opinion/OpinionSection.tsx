import { useTranslation } from 'react-i18next'
import type { BookingDetail } from '../../types'
import { Panel } from '../Panel'
import { OpinionForm } from './OpinionForm'

/**
 * The public opinion: written once the consultation was held, saved as a draft, published when
 * another consultant or an admin approves it (the Opinions section). Published, it is shown
 * with its address instead of the editor.
 */
export function OpinionSection({ booking }: { booking: BookingDetail }) {
  const { t } = useTranslation('staff')
  const opinion = booking.opinion
  const writable = booking.case_state === 'held' || booking.case_state === 'opinion_drafted'
  let body
  if (opinion?.status === 'published') {
    body = (
      <p>
        {t('opinion.published')}{' '}
        {opinion.url && (
          <a href={opinion.url} target="_blank" rel="noreferrer" className="link-button">
            {opinion.url}
          </a>
        )}
      </p>
    )
  } else if (writable) {
    // Not keyed by the draft: a save must not remount the form, which would lose its "Saved".
    body = <OpinionForm booking={booking} />
  } else {
    body = <p className="text-slate-600">{t(booking.case_state === 'scheduled' ? 'opinion.afterHeld' : 'opinion.unavailable')}</p>
  }
  return (
    <Panel title={t('opinion.title')} intro={t('opinion.intro')}>
      {opinion && opinion.status === 'draft' && <p className="form-success">{t('opinion.awaiting')}</p>}
      {body}
    </Panel>
  )
}
