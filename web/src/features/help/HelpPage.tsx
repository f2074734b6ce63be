import { ShieldCheck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../components/ui/button-styles'
import { LocalizedLink } from '../../components/ui/LocalizedLink'
import { PageIntro } from '../../components/ui/PageIntro'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'
import { PAGE_PATHS } from '../../lib/site-map'
import { HelpTabs } from './components/HelpTabs'
import { HelpTestimonials } from './components/HelpTestimonials'
import { BookingFlow } from '../consultations/flow/BookingFlow'

/** Help (docs/product.md#help): the promise, Service / How It Works / FAQ, the booking flow, testimonials. */
export default function HelpPage() {
  const { t } = useTranslation('help')
  const lang = useLang()
  useDocumentMeta({ page: 'help' }, lang)
  return (
    <article>
      <PageIntro title={t('page.title')} intro={t('page.intro')}>
        <p className="mt-6 flex gap-3 rounded-2xl bg-ocean-50 p-5 leading-relaxed text-ocean-900">
          <ShieldCheck aria-hidden="true" size={24} className="shrink-0 text-ocean-700" />
          <span>
            {t('page.promise')}{' '}
            <LocalizedLink to={PAGE_PATHS.helpOpinions} className="link">
              {t('page.opinionsLink')}
            </LocalizedLink>
            {' · '}
            <LocalizedLink to={PAGE_PATHS.helpRights} className="link">
              {t('page.rightsLink')}
            </LocalizedLink>
          </span>
        </p>
        <a href="#book" className={`${buttonStyles.primary} mt-6`}>
          {t('page.cta')}
        </a>
      </PageIntro>
      <HelpTabs />
      <BookingFlow />
      <HelpTestimonials lang={lang} />
    </article>
  )
}
