import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FieldState } from '../../../components/ui/Field'
import type { ValidationIssue } from '../validation'

export type { FieldState }

/**
 * Validation problems of one form. 'Please complete all fields' is shown once
 * for the form and tied to every empty input; other messages sit under their
 * own field. After a failed submit, focus moves to the first field in error.
 */
export function useFormIssues<Field extends string>() {
  const { t } = useTranslation('auth')
  const [issues, setIssuesState] = useState<ValidationIssue<Field>[]>([])
  const [attempt, setAttempt] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  const formMessageId = useId()
  const formIssue = issues.find((issue) => issue.message === 'complete_all_fields')

  useEffect(() => {
    if (attempt === 0) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [attempt])

  const field = (name: Field): FieldState => {
    const issue = issues.find((candidate) => candidate.fields.includes(name))
    if (!issue) return { invalid: false }
    if (issue === formIssue) return { invalid: true, describedBy: formMessageId }
    return { invalid: true, error: t(issue.message) }
  }

  /** Records the problems found; returns whether the form may be sent. */
  const check = (found: ValidationIssue<Field>[]): boolean => {
    setIssuesState(found)
    if (found.length > 0) setAttempt((n) => n + 1)
    return found.length === 0
  }

  const formMessage = formIssue ? t(formIssue.message) : undefined
  return { formRef, formMessageId, formMessage, field, check }
}

/** What `bind(name)` gives an input or a select. */
export interface BoundField<Field extends string> {
  name: Field
  value: string
  state: FieldState
  onChange: (event: { target: { value: string } }) => void
}

/**
 * A form's text values plus its problems: `bind(name)` gives an input or select everything it
 * needs (name, value, problem state, change handler).
 */
export function useFormFields<Field extends string>(initial: Record<Field, string>) {
  const [values, setValues] = useState(initial)
  const issues = useFormIssues<Field>()
  const bind = (name: Field): BoundField<Field> => ({
    name,
    value: values[name],
    state: issues.field(name),
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
  })
  return { values, bind, ...issues }
}
