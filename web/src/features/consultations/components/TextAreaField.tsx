import { useId, type TextareaHTMLAttributes } from 'react'
import type { FieldState } from '../../../components/ui/Field'

interface Props extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string
  hint?: string
  state?: FieldState | undefined
}

/** A labelled multi-line field with the same hint and error wiring as the auth forms' fields. */
export function TextAreaField({ label, hint, state, ...textarea }: Props) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = state?.error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId, state?.describedBy].filter(Boolean).join(' ') || undefined
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea
        {...textarea}
        id={id}
        aria-invalid={state?.invalid || undefined}
        aria-describedby={describedBy}
        className="field-input min-h-36 py-2 leading-relaxed"
      />
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {state?.error && (
        <p id={errorId} className="field-error">
          {state.error}
        </p>
      )}
    </div>
  )
}
