import { useTranslation } from 'react-i18next'
import { NewsletterForm } from './NewsletterForm'

/** The home page's newsletter section (docs/product.md#home). */
export function NewsletterSection() {
  const { t } = useTranslation('home')
  return (
    <section aria-labelledby="home-newsletter-title" className="mx-auto w-full max-w-6xl px-4">
      <div className="card grid gap-8 md:grid-cols-2 md:items-center">
        <div>
          <h2 id="home-newsletter-title" className="text-3xl font-semibold tracking-tight sm:text-4xl">
            {t('newsletter.title')}
          </h2>
          <p className="mt-3 leading-relaxed text-slate-600">{t('newsletter.text')}</p>
        </div>
        <NewsletterForm source="home" />
      </div>
    </section>
  )
}
