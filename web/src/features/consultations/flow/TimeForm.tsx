import { useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { FormMessage } from '../../../components/ui/Field'
import { track } from '../../../lib/analytics'
import type { Plan, Slot } from '../../../lib/api/types'
import { useConfig } from '../../../lib/config-context'
import { useAuth } from '../../auth/hooks/use-auth'
import type { ErrorCode, FieldCode } from '../errors'
import { browserTimeZone, CONSULTANT_ZONE, formatTime, visitorTimeZone } from '../time'
import type { BookingRequestBody } from '../types'
import { validateBookingForm, type BookingFormField } from '../validation'
import { DetailsFields } from './DetailsFields'
import type { Flow } from './flow-types'
import { PlanSummary } from './PlanSummary'
import { TimeSection } from './TimeSection'
import { useBookingPrefill } from './use-booking-prefill'
import { useDocumentUploads } from './use-document-uploads'
import { holdProblem, useHold } from './use-hold'
import { useErrorText } from '../error-text'

/** Step 2's form: a time, the visitor's details and documents; sending it holds the time. */
export function TimeForm({ flow, plan }: { flow: Flow; plan: Plan }) {
  const { t } = useTranslation('consultations')
  const errorText = useErrorText()
  const { draft, updateDraft, lang } = flow
  const { user, session } = useAuth()
  useBookingPrefill(updateDraft)
  const { held, attached, hold } = useHold(flow, plan.id, session?.access_token ?? null)
  const { upload } = useDocumentUploads(flow)
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<BookingFormField, FieldCode>>>({})
  const [formError, setFormError] = useState<ErrorCode | 'documents' | null>(null)
  const [busy, setBusy] = useState(false)
  const [nextSlots, setNextSlots] = useState<Slot[]>([])
  const [refreshKey, setRefreshKey] = useState(0)
  const limits = useConfig().limits.booking
  const formRef = useRef<HTMLFormElement>(null)
  const formErrorId = useId()

  const focusFirstProblem = (slotProblem: boolean) =>
    requestAnimationFrame(() => {
      const form = formRef.current
      const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? (slotProblem ? form?.querySelector<HTMLElement>('input[type="radio"]:not(:disabled)') : null)
      target?.focus()
    })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const slot = draft.slot
    const found = validateBookingForm(draft.values, slot?.start ?? null, limits)
    setFieldErrors(found as Partial<Record<BookingFormField, FieldCode>>)
    setFormError(null)
    if (Object.keys(found).length > 0 || !slot) {
      focusFirstProblem(Boolean(fieldErrors.slot_start))
      return
    }
    track({ name: 'help_form_submit', plan: plan.id })
    setBusy(true)
    const body: BookingRequestBody = {
      name: draft.values.name.trim(),
      email: draft.values.email.trim(),
      country: draft.values.country,
      message: draft.values.message.trim(),
      plan: plan.id,
      slot_start: slot.start,
      language: lang,
      // The consultant sees the traveller's own zone (left out when the browser does not say).
      time_zone: browserTimeZone(),
    }
    try {
      const { booking, token } = await hold(body)
      if (token && !(await upload(booking, token))) {
        setFormError('documents')
        return
      }
      flow.go({ step: 'payment', plan: plan.id, booking: booking.id })
    } catch (thrown) {
      const problem = holdProblem(thrown)
      setFieldErrors(problem.fields)
      setFormError(problem.form)
      if (problem.refresh) setRefreshKey((n) => n + 1)
      if (problem.form === 'slot_taken') {
        setNextSlots(problem.nextSlots)
        updateDraft((latest) => ({ ...latest, slot: null, attempt: null }))
      } else if (problem.focus) {
        focusFirstProblem(Boolean(fieldErrors.slot_start))
      }
    } finally {
      setBusy(false)
    }
  }

  const choose = (slot: Slot, fromNext: boolean) => {
    updateDraft((current) => ({ ...current, slot }))
    if (fromNext) {
      setNextSlots([])
      setFormError(null)
    } else setFieldErrors((current) => ({ ...current, slot_start: undefined }))
    flow.announce(t('time.chosen', { time: formatTime(slot.start, lang, CONSULTANT_ZONE) }))
  }

  const formMessage =
    formError === 'documents'
      ? t('documents.someFailed', { time: held?.holdExpiresAt ? formatTime(held.holdExpiresAt, lang, visitorTimeZone()) : '' })
      : formError === 'slot_taken'
        ? t(nextSlots.length > 0 ? 'time.takenWithNext' : 'time.taken')
        : formError
          ? errorText(formError)
          : null

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-describedby={formMessage ? formErrorId : undefined} className="space-y-10">
      <PlanSummary flow={flow} plan={plan} />
      <TimeSection
        flow={flow}
        plan={plan.id}
        held={held}
        nextSlots={nextSlots}
        refreshKey={refreshKey}
        error={fieldErrors.slot_start ? t(`fieldErrors.${fieldErrors.slot_start}`) : undefined}
        onChoose={choose}
      />
      <DetailsFields flow={flow} fieldErrors={fieldErrors} prefilled={Boolean(user)} attached={held ? attached : []} busy={busy} />
      <div className="space-y-4">
        <FormMessage id={formErrorId} tone="error">
          {formMessage}
        </FormMessage>
        <p className="text-sm text-slate-600">{t('form.holdNote')}</p>
        <button type="submit" disabled={busy} className={`${buttonStyles.primary} w-full sm:w-auto`}>
          {busy ? t('form.submitting') : t('form.submit')}
        </button>
      </div>
    </form>
  )
}
