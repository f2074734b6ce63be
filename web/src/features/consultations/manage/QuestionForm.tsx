import { useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { FormMessage } from '../../../components/ui/Field'
import { buttonStyles } from '../../../components/ui/button-styles'
import type { Credentials } from '../api'
import { TextAreaField } from '../components/TextAreaField'
import { useErrorText } from '../error-text'
import { QUESTION_MAX, QUESTION_MIN } from './question'
import { useQuestion, type QuestionFieldError } from './use-question'

/** Ask the team a question about the case; it is kept on the case and answered by email. */
export function QuestionForm({ bookingId, credentials }: { bookingId: string; credentials: Credentials }) {
  const { t } = useTranslation('consultations')
  const errorText = useErrorText()
  const { send, busy, fieldError, formError } = useQuestion(bookingId, credentials)
  const [message, setMessage] = useState('')
  const [sent, setSent] = useState('')
  const formRef = useRef<HTMLFormElement>(null)
  const formErrorId = useId()
  const limits = { min: QUESTION_MIN, max: QUESTION_MAX }

  const fieldText = (problem: QuestionFieldError) =>
    'rule' in problem
      ? t(problem.rule === 'too_short' ? 'manage.question.tooShort' : 'manage.question.tooLong', limits)
      : t(`fieldErrors.${problem.code}`)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setSent('')
    if (await send(message)) {
      setMessage('')
      setSent(t('manage.question.sent'))
    } else {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-describedby={formError ? formErrorId : undefined} className="space-y-4">
      <TextAreaField
        label={t('manage.question.label')}
        hint={t('manage.question.hint', limits)}
        name="question"
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        state={fieldError ? { invalid: true, error: fieldText(fieldError) } : undefined}
      />
      <FormMessage id={formErrorId} tone="error">
        {formError ? errorText(formError) : null}
      </FormMessage>
      {/* Always in the page, so the news is announced when it arrives. */}
      <output className={sent ? 'form-success block' : 'sr-only'}>{sent}</output>
      <button type="submit" disabled={busy} className={buttonStyles.primary}>
        {busy ? t('manage.question.sending') : t('manage.question.submit')}
      </button>
    </form>
  )
}
