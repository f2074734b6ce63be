import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { useLang } from '../../../i18n/use-lang'
import { initialDraft, writeDraft, type Draft } from '../booking-store'
import { flowSearch, parseFlow, STEPS, stepNumber, type FlowLocation } from './flow-state'
import type { DocumentEntry, Flow } from './flow-types'
import { PlanStep } from './PlanStep'
import { StepProgress } from './StepProgress'
import { StepSkeleton } from './StepSkeleton'

// The steps after the plans (the form with its rules, the card form, Stripe's loader) load when
// the visitor gets there: with TanStack Query (~10.5 KB) in the page's chunk, the help page
// would pass its 30 KB budget otherwise.
const TimeStep = lazy(() => import('./TimeStep').then((module) => ({ default: module.TimeStep })))
const PaymentStep = lazy(() => import('./PaymentStep').then((module) => ({ default: module.PaymentStep })))
const ConfirmationStep = lazy(() => import('./ConfirmationStep').then((module) => ({ default: module.ConfirmationStep })))

/**
 * The four-step booking flow (docs/product.md#booking-flow). The step, plan and booking are in the address;
 * the form, the chosen time and the pending hold are in sessionStorage (booking-store.ts),
 * so a reload or the browser's Back lands where the visitor was. On each step change focus
 * moves to the step's heading; short news goes through one polite live region.
 */
export function BookingFlow() {
  const { t } = useTranslation('consultations')
  // The messages of errors:codes load with the flow, not in the middle of a step.
  useTranslation('errors')
  const lang = useLang()
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  const location = useMemo(() => parseFlow(search), [search])
  const [draft, setDraft] = useState<Draft>(initialDraft)
  const [documents, setDocuments] = useState<DocumentEntry[]>([])
  const [announcement, setAnnouncement] = useState('')
  const headingRef = useRef<HTMLHeadingElement>(null)
  const shownStep = useRef<string | null>(null)

  useEffect(() => writeDraft(draft), [draft])

  // An address naming a step it cannot have (payment without a booking…) is corrected in place.
  const canonical = flowSearch(location)
  useEffect(() => {
    const current = new URLSearchParams(search)
    const wanted = new URLSearchParams(canonical)
    const keys = ['step', 'plan', 'booking']
    if (keys.some((key) => current.get(key) !== wanted.get(key))) {
      const others = [...current].filter(([key]) => !keys.includes(key))
      for (const [key, value] of others) wanted.append(key, value)
      const query = wanted.toString()
      void navigate(`${pathname}${query ? `?${query}` : ''}`, { replace: true })
    }
  }, [canonical, search, pathname, navigate])

  // Focus follows the step; on arrival only when the address already named one (a reload mid-flow).
  useEffect(() => {
    const before = shownStep.current
    shownStep.current = location.step
    if (before === location.step) return
    if (before === null && !new URLSearchParams(search).has('step')) return
    headingRef.current?.focus()
  }, [location.step, search])

  const go = useCallback(
    (next: FlowLocation, options: { replace?: boolean } = {}) => {
      const query = flowSearch(next)
      void navigate(`${pathname}${query}`, { replace: options.replace ?? false })
    },
    [navigate, pathname],
  )
  const updateDraft = useCallback((update: (draft: Draft) => Draft) => setDraft(update), [])
  const announce = useCallback((message: string) => {
    // Cleared first, so the same words said twice are still heard.
    setAnnouncement('')
    window.setTimeout(() => setAnnouncement(message), 50)
  }, [])

  const flow: Flow = { location, lang, go, draft, updateDraft, documents, setDocuments, announce }
  const step = location.step

  return (
    <section id="book" aria-labelledby="book-heading" className="mx-auto w-full max-w-6xl scroll-mt-24 px-4 py-12">
      <h2 id="book-heading" className="text-3xl font-semibold tracking-tight sm:text-4xl">
        {t('flow.heading')}
      </h2>
      <p className="mt-3 max-w-2xl leading-relaxed text-slate-600">{t('flow.intro')}</p>
      <StepProgress step={step} />
      <div className="card mt-6">
        <h3 ref={headingRef} tabIndex={-1} className="mb-6 text-2xl font-semibold focus:outline-none">
          <span className="block font-sans text-sm font-semibold tracking-wide text-coral-700">
            {t('steps.position', { current: stepNumber(step), total: STEPS.length })}
          </span>
          {t(`steps.${step}`)}
        </h3>
        {step === 'plan' && <PlanStep flow={flow} />}
        <Suspense fallback={<StepSkeleton />}>
          {step === 'time' && <TimeStep key={location.plan} flow={flow} />}
          {step === 'payment' && <PaymentStep key={location.booking} flow={flow} />}
          {step === 'confirmation' && <ConfirmationStep key={location.booking} flow={flow} />}
        </Suspense>
      </div>
      <output aria-live="polite" className="sr-only">
        {announcement}
      </output>
    </section>
  )
}
