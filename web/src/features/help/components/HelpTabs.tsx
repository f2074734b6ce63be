import { useId, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import { PAGE_PATHS } from '../../../lib/site-map'

const TABS = ['service', 'howItWorks', 'faq'] as const
type Tab = (typeof TABS)[number]

const SERVICE_POINTS = ['expert', 'documents', 'opinion', 'plan', 'privacy'] as const
const HOW_STEPS = ['plan', 'time', 'payment', 'confirmation', 'consultation', 'followUp'] as const
const FAQ_ITEMS = ['experts', 'meeting', 'change', 'timing', 'data', 'documents', 'payment', 'timezone', 'account'] as const

const NEXT_KEYS: Record<string, (index: number) => number> = {
  ArrowRight: (i) => (i + 1) % TABS.length,
  ArrowLeft: (i) => (i - 1 + TABS.length) % TABS.length,
  Home: () => 0,
  End: () => TABS.length - 1,
}

/** Service, How It Works and FAQ (docs/product.md#help): the APG tabs pattern, one tab stop. */
export function HelpTabs() {
  const { t } = useTranslation('help')
  const id = useId()
  const [active, setActive] = useState<Tab>('service')
  const tabId = (tab: Tab) => `${id}-tab-${tab}`
  const panelId = (tab: Tab) => `${id}-panel-${tab}`

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const move = NEXT_KEYS[event.key]
    if (!move) return
    event.preventDefault()
    const tab = TABS[move(TABS.indexOf(active))] ?? active
    setActive(tab)
    document.getElementById(tabId(tab))?.focus()
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="mx-auto w-full max-w-3xl px-4">
      <h2 id={`${id}-heading`} className="sr-only">
        {t('tabs.label')}
      </h2>
      <div role="tablist" aria-label={t('tabs.label')} className="search-tabs">
        {TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-selected={tab === active}
            aria-controls={panelId(tab)}
            tabIndex={tab === active ? 0 : -1}
            onClick={() => setActive(tab)}
            onKeyDown={onKeyDown}
            className="search-tab"
          >
            {t(`tabs.${tab}`)}
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        <div
          key={tab}
          role="tabpanel"
          id={panelId(tab)}
          aria-labelledby={tabId(tab)}
          hidden={tab !== active}
          tabIndex={0}
          className="rounded-b-2xl pt-6 pb-2 focus-visible:outline-offset-4"
        >
          {tab === 'service' && <ServicePanel />}
          {tab === 'howItWorks' && <HowPanel />}
          {tab === 'faq' && <FaqPanel />}
        </div>
      ))}
    </section>
  )
}

function ServicePanel() {
  const { t } = useTranslation('help')
  return (
    <>
      <h3 className="text-2xl font-semibold">{t('service.heading')}</h3>
      <p className="mt-3 leading-relaxed">{t('service.intro')}</p>
      <ul className="mt-5 space-y-4">
        {SERVICE_POINTS.map((point) => (
          <li key={point} className="rounded-2xl bg-white p-4 shadow-soft">
            <p className="font-semibold text-ocean-900">{t(`service.points.${point}.title`)}</p>
            <p className="mt-1 leading-relaxed text-slate-700">{t(`service.points.${point}.text`)}</p>
          </li>
        ))}
      </ul>
    </>
  )
}

function HowPanel() {
  const { t } = useTranslation('help')
  return (
    <>
      <h3 className="text-2xl font-semibold">{t('how.heading')}</h3>
      <ol className="mt-5 space-y-4">
        {HOW_STEPS.map((step, index) => (
          <li key={step} className="flex gap-4">
            <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-full bg-ocean-800 font-semibold text-white">
              {index + 1}
            </span>
            <div>
              <p className="font-semibold text-ocean-900">{t(`how.steps.${step}.title`)}</p>
              <p className="mt-1 leading-relaxed text-slate-700">{t(`how.steps.${step}.text`)}</p>
            </div>
          </li>
        ))}
      </ol>
      <p className="mt-6 rounded-2xl bg-sand-100 p-4 leading-relaxed text-ocean-900">{t('how.rule')}</p>
    </>
  )
}

function FaqPanel() {
  const { t } = useTranslation('help')
  return (
    <>
      <h3 className="text-2xl font-semibold">{t('faq.heading')}</h3>
      <div className="mt-5 divide-y divide-sand-200 rounded-2xl bg-white px-5 shadow-soft">
        {FAQ_ITEMS.map((item) => (
          <details key={item} className="group py-4">
            <summary className="min-h-11 cursor-pointer content-center font-semibold text-ocean-900 marker:text-coral-600">
              {t(`faq.items.${item}.q`)}
            </summary>
            <p className="mt-2 leading-relaxed text-slate-700">{t(`faq.items.${item}.a`)}</p>
          </details>
        ))}
      </div>
      <p className="mt-5 text-sm text-slate-600">
        {t('faq.privacyBefore')}{' '}
        <LocalizedLink to={PAGE_PATHS.privacy} className="font-semibold text-ocean-700 underline underline-offset-2">
          {t('faq.privacyLink')}
        </LocalizedLink>
      </p>
    </>
  )
}
