import { useState } from 'react'
import type { Credentials } from '../api'
import { asApiError, errorCode, fieldCode, type ErrorCode, type FieldCode } from '../errors'
import { useAskQuestion } from '../mutations'
import { questionProblemOf, validateQuestion, type QuestionProblem } from './question'

/** What is wrong with the question itself: our own rule, or another field code of the server's. */
export type QuestionFieldError = { rule: QuestionProblem } | { code: FieldCode }

/**
 * The question form's state: `send` checks the text, posts it and answers whether it went
 * (the field's problem or the server's objection otherwise).
 */
export function useQuestion(bookingId: string, credentials: Credentials) {
  const mutation = useAskQuestion()
  const [fieldError, setFieldError] = useState<QuestionFieldError | null>(null)
  const [formError, setFormError] = useState<ErrorCode | null>(null)

  const send = async (message: string): Promise<boolean> => {
    setFormError(null)
    const rule = validateQuestion(message)
    setFieldError(rule ? { rule } : null)
    if (rule) return false
    try {
      await mutation.mutateAsync({ id: bookingId, credentials, message: message.trim() })
      return true
    } catch (thrown) {
      const error = asApiError(thrown)
      const code = error.fields.message
      if (error.code === 'validation_failed' && code) {
        const ours = questionProblemOf(code)
        setFieldError(ours ? { rule: ours } : { code: fieldCode(code) })
      } else {
        setFormError(errorCode(error.code))
      }
      return false
    }
  }

  return { send, busy: mutation.isPending, fieldError, formError }
}
