import { useTranslation } from 'react-i18next'
import { LocalizedLink } from '../../components/ui/LocalizedLink'
import { SocialIcon } from '../../components/ui/SocialIcon'
import { NewsletterForm } from '../../features/newsletter/components/NewsletterForm'
import { NEWSLETTER_ANCHOR } from '../../features/newsletter/components/SubscribeLink'
import { SOCIAL_NETWORKS } from '../../lib/config'
import { useConfig } from '../../lib/config-context'
import { PAGE_PATHS } from '../../lib/site-map'
import { LogoMark } from './Logo'

// Read once per page load: a footer that changes year mid-visit is not worth a re-render.
const YEAR = new Date().getFullYear()

const heading = 'font-sans text-sm font-semibold tracking-wide text-white uppercase'

/** Footer (docs/product.md#layout): blurb, social links, quick links, newsletter form, legal links. */
export function Footer() {
  const { t } = useTranslation(['common', 'navigation'])
  const { siteName, social } = useConfig()
  const networks = SOCIAL_NETWORKS.filter((network) => social[network])
  const quickLinks = [
    ['about', PAGE_PATHS.about],
    ['blog', PAGE_PATHS.blog],
    ['store', PAGE_PATHS.store],
    ['getHelp', PAGE_PATHS.help],
  ] as const
  const legalLinks = (['terms', 'privacy', 'copyright'] as const).map((page) => [page, PAGE_PATHS[page]] as const)

  return (
    <footer className="mt-24 bg-ocean-900 text-sand-100">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 md:grid-cols-2 lg:grid-cols-[1.3fr_1fr_1.5fr]">
        <div>
          <p className="flex items-center gap-2 font-display text-2xl font-semibold text-white">
            <LogoMark /> {siteName}
          </p>
          <p className="mt-4 max-w-sm leading-relaxed">{t('footer.blurb')}</p>
          {networks.length > 0 && (
            <ul className="mt-6 flex gap-2" aria-label={t('footer.followUs')}>
              {networks.map((network) => (
                <li key={network}>
                  <a
                    href={social[network]}
                    rel="noopener noreferrer me"
                    target="_blank"
                    aria-label={t(`social.${network}`)}
                    className="grid size-11 place-items-center rounded-full bg-ocean-800 text-ocean-100 hover:bg-ocean-700 hover:text-white focus-visible:outline-coral-400"
                  >
                    <SocialIcon network={network} />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <nav aria-label={t('navigation:footerNav')}>
          <h2 className={heading}>{t('footer.quickLinks')}</h2>
          <ul className="mt-4 space-y-3">
            {quickLinks.map(([label, path]) => (
              <li key={label}>
                <LocalizedLink to={path} className="footer-link">
                  {t(`navigation:${label}`)}
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </nav>
        {/* On every page, so it is where the header's "Subscribe" leads. */}
        <section id={NEWSLETTER_ANCHOR} aria-labelledby="newsletter-title" className="rounded-3xl bg-ocean-800 p-6">
          <h2 id="newsletter-title" className="text-2xl font-semibold text-white">
            {t('footer.newsletterTitle')}
          </h2>
          <p className="mt-3 leading-relaxed text-ocean-100">{t('footer.newsletterText')}</p>
          <NewsletterForm source="footer" tone="dark" />
        </section>
      </div>
      <div className="border-t border-ocean-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>{t('footer.copyright', { year: YEAR })}</p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2" aria-label={t('footer.legal')}>
            {legalLinks.map(([page, path]) => (
              <li key={page}>
                <LocalizedLink to={path} className="footer-link">
                  {t(`navigation:${page}`)}
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  )
}
