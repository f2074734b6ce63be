import { useErrorText } from '../errors'

interface Props {
  /** What the action did, said once it succeeded (null: nothing to say yet). */
  done: string | null
  error: unknown
  /** A text for the error that says more than the code's own words (e.g. field problems). */
  errorMessage?: string | undefined
}

/**
 * Where a save is said: the success in a polite live region that is always in the page (so a
 * screen reader hears it change), a refusal as an alert.
 */
export function ActionStatus({ done, error, errorMessage }: Props) {
  const errorText = useErrorText()
  return (
    <div className="min-h-6">
      <output className={done && !error ? 'form-success block' : 'sr-only'}>{done && !error ? done : ''}</output>
      {Boolean(error) && (
        <p role="alert" className="form-error">
          {errorMessage ?? errorText(error)}
        </p>
      )}
    </div>
  )
}
