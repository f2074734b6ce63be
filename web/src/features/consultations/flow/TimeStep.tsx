import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { track } from '../../../lib/analytics'
import { FormMessage, SelectField, TextField } from '../../../components/ui/Field'
import { countryOptions, knownCountry } from '../../../lib/countries'
import { useAuth } from '../../auth/hooks/use-auth'
import { useProfile } from '../../auth/api/profile-queries'
import { cancelBooking, createBooking, fetchBooking, nextSlotsOf, serverNow, uploadDocument } from '../api'
import { keyFor, newIdempotencyKey, rememberToken, signatureOf, tokenFor, type HeldBooking } from '../booking-store'
import { SlotPicker } from '../components/SlotPicker'
import { TextAreaField } from '../components/TextAreaField'
import { ZonedTimes } from '../components/ZonedTimes'
import { asApiError, errorCode, fieldCode, splitFieldErrors, type ErrorCode, type FieldCode } from '../errors'
import { formatMoney } from '../money'
import { usePlans } from '../queries'
import { CONSULTANT_ZONE, formatDuration, formatTime, visitorTimeZone, zoneOffsetMinutes } from '../time'
import type { Booking, BookingDocument, BookingRequest, Plan, Slot } from '../../../lib/api/types'
import { useConfig } from '../../../lib/config-context'
import { validateBookingForm, type BookingFormField, type BookingFormValues } from '../validation'
import { DocumentPicker } from './DocumentPicker'
import type { DocumentEntry, Flow } from './flow-types'
import { StepSkeleton } from './StepSkeleton'

const FORM_FIELDS = ['name', 'email', 'country', 'message', 'slot_start'] as const satisfies readonly BookingFormField[]

function holdIsLive(held: HeldBooking | null): held is HeldBooking {
  return held !== null && (held.holdExpiresAt === null || Date.parse(held.holdExpiresAt) > serverNow() + 5_000)
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

/** Names for the form of a signed-in visitor: the profile's, else the sign-up metadata's. */
function namesOf(profile: { first_name?: string | null; last_name?: string | null } | null, metadata: Record<string, unknown>): string {
  const first = text(profile?.first_name) || text(metadata.first_name)
  const last = text(profile?.last_name) || text(metadata.last_name)
  return [first, last].filter(Boolean).join(' ') || text(metadata.full_name) || text(metadata.name)
}

/** Step 2, Book Time: the calendar of free times, the booking form (docs/product.md#booking-form) and the travel documents. */
export function TimeStep({ flow }: { flow: Flow }) {
  const plans = usePlans(flow.lang)
  const { t } = useTranslation('consultations')
  if (plans.status === 'loading') return <StepSkeleton />
  if (plans.status === 'error') {
    return (
      <div className="form-error flex flex-wrap items-center gap-3" role="alert">
        {t('plans.loadError')}
        <button type="button" className="link-button" onClick={plans.retry}>
          {t('retry')}
        </button>
      </div>
    )
  }
  const plan = plans.value.find((candidate) => candidate.id === flow.location.plan)
  if (!plan) {
    return (
      <div className="space-y-4">
        <p className="form-error" role="alert">
          {t('errors.unknown_plan')}
        </p>
        <button type="button" className={buttonStyles.secondary} onClick={() => flow.go({ step: 'plan', plan: null, booking: null })}>
          {t('time.changePlan')}
        </button>
      </div>
    )
  }
  return <TimeForm flow={flow} plan={plan} />
}

function TimeForm({ flow, plan }: { flow: Flow; plan: Plan }) {
  const { t } = useTranslation('consultations')
  const { draft, updateDraft, lang } = flow
  const { user, session } = useAuth()
  const { profile } = useProfile(user?.id, session?.access_token)
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<BookingFormField, FieldCode>>>({})
  const [formError, setFormError] = useState<ErrorCode | 'documents' | null>(null)
  const [busy, setBusy] = useState(false)
  const [nextSlots, setNextSlots] = useState<Slot[]>([])
  const [refreshKey, setRefreshKey] = useState(0)
  const limits = useConfig().limits.booking
  const [attached, setAttached] = useState<BookingDocument[]>([])
  const formRef = useRef<HTMLFormElement>(null)
  const formErrorId = useId()
  const countries = useMemo(() => countryOptions(lang), [lang])
  const held = draft.held && draft.held.plan === plan.id && holdIsLive(draft.held) ? draft.held : null

  // A signed-in visitor's details fill the fields they have not typed themselves.
  const metadata = user?.user_metadata
  useEffect(() => {
    if (!user) return
    const name = namesOf(profile, metadata ?? {})
    const country = knownCountry(profile?.country ?? (typeof metadata?.country === 'string' ? metadata.country : null))
    updateDraft((current) => ({
      ...current,
      values: {
        ...current.values,
        name: current.values.name || name,
        email: current.values.email || user.email || '',
        country: current.values.country || country,
      },
    }))
  }, [user, profile, metadata, updateDraft])

  // Back from payment, or a reload: the hold of this tab is checked, and its documents shown.
  const heldId = held?.id
  useEffect(() => {
    if (!heldId) return
    const token = tokenFor(heldId)
    if (!token) return
    const controller = new AbortController()
    fetchBooking(heldId, { token }, controller.signal).then(
      (booking) => {
        if (controller.signal.aborted) return
        if (booking.status === 'held') setAttached(booking.documents)
        else updateDraft((current) => (current.held?.id === heldId ? { ...current, held: null, attempt: null } : current))
      },
      () => undefined,
    )
    return () => controller.abort()
  }, [heldId, updateDraft])

  const setValue = (name: keyof BookingFormValues, value: string) =>
    updateDraft((current) => ({ ...current, values: { ...current.values, [name]: value } }))

  const bind = (name: keyof BookingFormValues) => ({
    name,
    value: draft.values[name],
    state: fieldErrors[name] ? { invalid: true, error: t(`fieldErrors.${fieldErrors[name]}`) } : undefined,
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
  })

  const focusFirstProblem = () =>
    requestAnimationFrame(() => {
      const form = formRef.current
      const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? (fieldErrors.slot_start ? form?.querySelector<HTMLElement>('input[type="radio"]:not(:disabled)') : null)
      target?.focus()
    })

  /** Uploads what this booking does not have yet; false when a file was refused. */
  const uploadDocuments = async (booking: Booking, token: string): Promise<boolean> => {
    let allUploaded = true
    for (const entry of flow.documents) {
      if (entry.status === 'uploaded' && entry.uploadedTo === booking.id) continue
      const mark = (patch: Partial<DocumentEntry>) =>
        flow.setDocuments((current) => current.map((other) => (other.key === entry.key ? { ...other, ...patch } : other)))
      mark({ status: 'uploading', code: undefined })
      try {
        await uploadDocument(booking.id, token, entry.file)
        mark({ status: 'uploaded', uploadedTo: booking.id })
      } catch (thrown) {
        const error = asApiError(thrown)
        mark({ status: 'failed', code: fieldCode(error.code === 'network' ? 'invalid' : error.code) })
        allUploaded = false
      }
    }
    return allUploaded
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const slot = draft.slot
    const found = validateBookingForm(draft.values, slot?.start ?? null, limits)
    setFieldErrors(found as Partial<Record<BookingFormField, FieldCode>>)
    setFormError(null)
    if (Object.keys(found).length > 0 || !slot) {
      focusFirstProblem()
      return
    }
    track({ name: 'help_form_submit', plan: plan.id })
    setBusy(true)
    const body: BookingRequest = {
      name: draft.values.name.trim(),
      email: draft.values.email.trim(),
      country: draft.values.country,
      message: draft.values.message.trim(),
      plan: plan.id,
      slot_start: slot.start,
      language: lang,
    }
    const authToken = session?.access_token ?? null
    try {
      let current = draft
      // A hold made from another form (other time, other words) is let go first, so the
      // visitor never blocks the very time they now want.
      if (current.held && (current.held.signature !== signatureOf(body) || !holdIsLive(current.held))) {
        const old = current.held
        const token = tokenFor(old.id)
        if (token && holdIsLive(old)) await cancelBooking(old.id, { token }).catch(() => undefined)
        current = { ...current, held: null, attempt: null }
      }
      let attempt = keyFor(current, body)
      updateDraft((latest) => ({ ...latest, held: current.held, attempt }))
      let booking = await createBooking(body, attempt.key, authToken)
      if (booking.status !== 'held') {
        // The key replayed a booking that has since expired: ask for a new hold.
        attempt = { key: newIdempotencyKey(), signature: attempt.signature }
        updateDraft((latest) => ({ ...latest, attempt }))
        booking = await createBooking(body, attempt.key, authToken)
      }
      const token = booking.access_token ?? tokenFor(booking.id)
      if (booking.access_token) rememberToken(booking.id, booking.access_token)
      const nowHeld: HeldBooking = {
        id: booking.id,
        plan: plan.id,
        slot: { start: booking.start, end: booking.end },
        holdExpiresAt: booking.hold_expires_at,
        signature: attempt.signature,
      }
      updateDraft((latest) => ({ ...latest, held: nowHeld }))
      setAttached(booking.documents)
      if (token && !(await uploadDocuments(booking, token))) {
        setFormError('documents')
        return
      }
      flow.go({ step: 'payment', plan: plan.id, booking: booking.id })
    } catch (thrown) {
      const error = asApiError(thrown)
      if (error.code === 'slot_taken') {
        setNextSlots(nextSlotsOf(error))
        setRefreshKey((n) => n + 1)
        updateDraft((latest) => ({ ...latest, slot: null, attempt: null }))
        setFormError('slot_taken')
      } else if (error.code === 'validation_failed') {
        const { fields, form } = splitFieldErrors(error, FORM_FIELDS)
        setFieldErrors(fields)
        setFormError(form ?? 'validation_failed')
        if (fields.slot_start) setRefreshKey((n) => n + 1)
        focusFirstProblem()
      } else {
        setFormError(errorCode(error.code))
      }
    } finally {
      setBusy(false)
    }
  }

  const formMessage =
    formError === 'documents'
      ? t('documents.someFailed', { time: held?.holdExpiresAt ? formatTime(held.holdExpiresAt, lang, visitorTimeZone()) : '' })
      : formError === 'slot_taken'
        ? t(nextSlots.length > 0 ? 'time.takenWithNext' : 'time.taken')
        : formError
          ? t(`errors.${formError}`)
          : null

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-describedby={formMessage ? formErrorId : undefined} className="space-y-10">
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-2xl bg-ocean-50 px-5 py-4">
        <p className="text-ocean-900">
          <span className="block font-semibold">{plan.name}</span>
          {t('time.planSummary', { duration: formatDuration(plan.duration_minutes, lang), price: formatMoney(plan.price_cents, plan.currency, lang) })}
        </p>
        <button type="button" className={buttonStyles.secondary} onClick={() => flow.go({ step: 'plan', plan: plan.id, booking: null })}>
          {t('time.changePlan')}
        </button>
      </div>

      <section aria-labelledby="time-heading" className="space-y-4">
        <h4 id="time-heading" className="text-xl font-semibold">
          {t('time.heading')}
        </h4>
        <p className="text-sm text-slate-600">
          {t(zoneNoteKey(), { zone: visitorTimeZone().replaceAll('_', ' ') })}
        </p>
        <SlotPicker
          plan={plan.id}
          lang={lang}
          selected={draft.slot}
          onSelect={(slot) => {
            updateDraft((current) => ({ ...current, slot }))
            setFieldErrors((current) => ({ ...current, slot_start: undefined }))
            flow.announce(t('time.chosen', { time: formatTime(slot.start, lang, CONSULTANT_ZONE) }))
          }}
          pinned={held ? [held.slot] : []}
          refreshKey={refreshKey}
          error={fieldErrors.slot_start ? t(`fieldErrors.${fieldErrors.slot_start}`) : undefined}
        />
        {held && draft.slot?.start === held.slot.start && held.holdExpiresAt && (
          <p className="text-sm text-ocean-800">{t('time.heldForYou', { time: formatTime(held.holdExpiresAt, lang, visitorTimeZone()) })}</p>
        )}
        {nextSlots.length > 0 && (
          <div className="rounded-2xl border border-coral-100 bg-coral-50 p-4">
            <p className="font-semibold text-coral-700">{t('time.nextFree')}</p>
            <ul className="mt-3 grid gap-2 sm:grid-cols-2">
              {nextSlots.map((slot) => (
                <li key={slot.start}>
                  <button
                    type="button"
                    className="w-full rounded-xl border border-sand-200 bg-white px-3 py-2 text-left text-ocean-900 hover:bg-ocean-50"
                    aria-pressed={draft.slot?.start === slot.start}
                    onClick={() => {
                      updateDraft((current) => ({ ...current, slot }))
                      setNextSlots([])
                      setFormError(null)
                      flow.announce(t('time.chosen', { time: formatTime(slot.start, lang, CONSULTANT_ZONE) }))
                    }}
                  >
                    <ZonedTimes start={slot.start} lang={lang} withDay />
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        {draft.slot && (
          <p className="rounded-xl bg-sand-100 px-4 py-3 text-ocean-900">
            <span className="font-semibold">{t('time.yourChoice')} </span>
            <ZonedTimes start={draft.slot.start} lang={lang} withDay />
          </p>
        )}
      </section>

      <section aria-labelledby="details-heading" className="space-y-4">
        <h4 id="details-heading" className="text-xl font-semibold">
          {t('form.heading')}
        </h4>
        {user && <p className="text-sm text-slate-600">{t('form.prefilled')}</p>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('form.name')} autoComplete="name" maxLength={limits.nameMax} {...bind('name')} />
          <TextField label={t('form.email')} type="email" autoComplete="email" maxLength={254} {...bind('email')} />
        </div>
        <SelectField label={t('form.country')} autoComplete="country-name" {...bind('country')}>
          <option value="">{t('form.countryPlaceholder')}</option>
          {countries.map((option) => (
            <option key={option.code} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <TextAreaField label={t('form.message')} hint={t('form.messageHint')} maxLength={limits.messageMax} rows={6} {...bind('message')} />
        <DocumentPicker
          lang={lang}
          entries={flow.documents}
          onChange={flow.setDocuments}
          attached={held ? attached : []}
          disabled={busy}
        />
      </section>

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

/** Whether the visitor's clock reads like the consultants' today (then one time is enough). */
function zoneNoteKey(): 'time.zoneNoteSame' | 'time.zoneNote' {
  const now = new Date()
  return zoneOffsetMinutes(now, visitorTimeZone()) === zoneOffsetMinutes(now, CONSULTANT_ZONE) ? 'time.zoneNoteSame' : 'time.zoneNote'
}
