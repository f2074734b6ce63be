import { Check } from 'lucide-react'
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { useLang } from '../../../i18n/use-lang'
import { track } from '../../../lib/analytics'
import { assess } from '../rules'
import type { Assessment, CheckInput } from '../rules/types'
import { DetailsStep } from './DetailsStep'
import { buildInput, emptyDraft, localToday, outcomeSource, STEPS, validateStep, type Draft, type DraftErrors, type Step } from './draft'
import { fieldId } from './fields'
import { FlightStep } from './FlightStep'
import { IncidentStep } from './IncidentStep'
import { ResidenceStep } from './ResidenceStep'

// The result view (with the letters and the PDF writer) downloads while the last step is on
// screen, so the page's own chunk stays small and the answer still shows at once.
const loadResult = () => import('../RightsResult')
const RightsResult = lazy(loadResult)

/** Once the result has rendered (after its code arrived), its first heading takes the focus. */
function FocusResultHeading({ container }: { container: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    container.current?.querySelector<HTMLElement>('h2')?.focus()
  }, [container])
  return null
}

/** The field ids' prefix: one checker per page, so the ids are stable (the e2e specs use labels, not ids). */
const ID_PREFIX = 'rights'

type View = Step | 'result'

/** Focus goes to the invalid field that comes first on screen (its first radio, for a group). */
function focusFirst(names: string[]) {
  const elements = names.map((name) => document.getElementById(fieldId(ID_PREFIX, name))).filter((element) => element !== null)
  const first = elements.toSorted((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0]
  const target = first instanceof HTMLFieldSetElement ? first.querySelector<HTMLElement>('input, select') : first
  target?.focus()
}

/**
 * The passenger-rights checker (issue 16): four short steps, then the rules engine's answer.
 * Everything happens here, in the browser: the only request is the airport search. Going back
 * keeps every answer; each step's heading takes the focus when it shows, and a step with
 * problems sends the focus to its first invalid field.
 */
export function RightsWizard() {
  const { t } = useTranslation('rights')
  const lang = useLang()
  const [draft, setDraft] = useState<Draft>(emptyDraft)
  const [view, setView] = useState<View>('incident')
  const [errors, setErrors] = useState<DraftErrors>({})
  const [checked, setChecked] = useState<ReadonlySet<Step>>(() => new Set())
  const [result, setResult] = useState<{ input: CheckInput; assessment: Assessment } | null>(null)
  const moved = useRef(false)
  const today = localToday()

  // The page loads with the focus where the visitor is; after that, each new step's heading
  // (a new element: it is keyed by the step) takes it as it appears.
  const heading = useCallback((node: HTMLHeadingElement | null) => {
    if (node && moved.current) node.focus()
  }, [])
  const resultView = useRef<HTMLDivElement>(null)

  const go = (to: View) => {
    if (to === 'residence') void loadResult().catch(() => undefined)
    moved.current = true
    setErrors({})
    setView(to)
  }

  const update = (patch: Partial<Draft>) => {
    const next = { ...draft, ...patch }
    setDraft(next)
    // Once a step was sent with problems, each change checks it again so a fixed field clears.
    if (view !== 'result' && checked.has(view)) setErrors(validateStep(view, next, today))
  }

  const finish = () => {
    const input = buildInput(draft, lang, today)
    const assessment = assess(input)
    setResult({ input, assessment })
    track({ name: 'rights_check', source: outcomeSource(assessment) })
    go('result')
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (view === 'result') return
    const found = validateStep(view, draft, today)
    setChecked((previous) => new Set(previous).add(view))
    setErrors(found)
    if (Object.keys(found).length > 0) {
      focusFirst(Object.keys(found))
      return
    }
    const next = STEPS[STEPS.indexOf(view) + 1]
    if (next) go(next)
    else finish()
  }

  const restart = () => {
    setDraft(emptyDraft())
    setChecked(new Set())
    setResult(null)
    go('incident')
  }

  if (view === 'result' && result) {
    return (
      <div ref={resultView}>
        <Suspense fallback={<div className="min-h-96" />}>
          <RightsResult input={result.input} assessment={result.assessment} />
          <FocusResultHeading container={resultView} />
        </Suspense>
        <div className="rights-nav">
          <button type="button" className="btn btn-secondary" onClick={() => go('residence')}>
            {t('nav.edit')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={restart}>
            {t('nav.restart')}
          </button>
        </div>
      </div>
    )
  }

  const step: Step = view === 'result' ? 'residence' : view
  const index = STEPS.indexOf(step)
  const wiring = { idPrefix: ID_PREFIX, errors }
  return (
    <div className="rights-wizard">
      <ol className="rights-steps" aria-label={t('steps.label')}>
        {STEPS.map((name, position) => (
          <li key={name} aria-current={name === step ? 'step' : undefined} data-done={position < index ? 'true' : undefined} className="rights-steps-item">
            <span className="rights-steps-number" aria-hidden="true">
              {position < index ? <Check size={16} /> : position + 1}
            </span>
            <span className="rights-steps-name">{t(`steps.${name}`)}</span>
          </li>
        ))}
      </ol>
      <form noValidate onSubmit={submit} aria-labelledby={`${ID_PREFIX}-step-heading`} className="card rights-step">
        <p className="rights-progress">{t('steps.progress', { current: index + 1, total: STEPS.length })}</p>
        <h2 key={step} id={`${ID_PREFIX}-step-heading`} ref={heading} tabIndex={-1} className="text-2xl font-semibold focus:outline-none">
          {t(`steps.${step}`)}
        </h2>
        <div className="mt-6">
          {step === 'incident' && <IncidentStep draft={draft} onChange={(incident) => update({ incident })} {...wiring} />}
          {step === 'flight' && <FlightStep draft={draft} today={today} onChange={update} {...wiring} />}
          {step === 'details' && <DetailsStep draft={draft} lang={lang} today={today} onChange={update} {...wiring} />}
          {step === 'residence' && <ResidenceStep draft={draft} lang={lang} onChange={(residence) => update({ residence })} {...wiring} />}
        </div>
        <div className="rights-nav">
          {index > 0 && (
            <button type="button" className="btn btn-secondary" onClick={() => go(STEPS[index - 1] ?? 'incident')}>
              {t('nav.back')}
            </button>
          )}
          <button type="submit" className="btn btn-primary">
            {index === STEPS.length - 1 ? t('nav.finish') : t('nav.next')}
          </button>
        </div>
      </form>
    </div>
  )
}
