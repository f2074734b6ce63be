import { useId, type TextareaHTMLAttributes } from 'react'
import type { FieldState } from '../../../components/ui/Field'

interface Props extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string
  hint?: string | undefined
  state?: FieldState | undefined
}

/**
 * A labelled multi-line field wired like components/ui/Field's (hint and error read with it).
 * The booking flow has the same one; importing it would split it out of the flow's chunk.
 */
export function TextArea({ label, hint, state, className = 'min-h-36', ...textarea }: Props) {
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
        className={`field-input py-2 leading-relaxed ${className}`}
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
