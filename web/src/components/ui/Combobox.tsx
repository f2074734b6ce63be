import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

/** What the combobox says in its polite live region (and under the field when nothing matches). */
export interface ComboboxMessages {
  /** "3 airports found", for a list of `count` ≥ 1. */
  found: (count: number) => string
  /** "No airports match". */
  none: string
  /** The search could not be done (offline, server error). */
  failed: string
}

export interface ComboboxProps<T> {
  /** The input's id (its label points here); the listbox and messages derive their ids from it. */
  id: string
  name?: string | undefined
  label: ReactNode
  /** The text in the field, kept by the caller so it survives the field being unmounted. */
  text: string
  /** Called on every keystroke (with null) and on every pick (with the option and its field text). */
  onChange: (text: string, selected: T | null) => void
  /** The options for a query; `signal` aborts when a newer query replaces it. */
  search: (query: string, signal: AbortSignal) => Promise<readonly T[]> | readonly T[]
  /** Whether a query is worth searching (default: 2 characters or more). */
  searchable?: ((query: string) => boolean) | undefined
  /** Wait this long after the last keystroke before searching (default 150 ms). */
  debounceMs?: number | undefined
  optionKey: (option: T) => string
  /** The option's line in the list. */
  renderOption: (option: T) => ReactNode
  /** The field's text once an option is picked. */
  optionText: (option: T) => string
  /** An accessible name for the popup list ("Airports"). */
  listLabel: string
  messages: ComboboxMessages
  /** The message of the field's problem, if any (tied with aria-describedby). */
  error?: string | undefined
  /** A hint under the field (tied with aria-describedby). */
  hint?: string | undefined
  required?: boolean | undefined
  placeholder?: string | undefined
  /** Extra ids that describe the field (a form-level message). */
  describedBy?: string | undefined
}

const defaultSearchable = (query: string) => query.trim().length >= 2

type Status = 'idle' | 'open' | 'empty' | 'failed'

/**
 * An editable combobox with a list popup (WAI-ARIA 1.2 "combobox" pattern, list autocomplete
 * without automatic selection). The field keeps DOM focus; the highlighted option is announced
 * through aria-activedescendant. ArrowDown/ArrowUp move (and open the list), Enter picks,
 * Escape closes the list and, pressed again, clears the field; Tab leaves. Searches wait for a
 * pause in typing and a newer query aborts the older one, whose answer is then ignored. A polite
 * live region says how many options were found. The popup floats over the page, so opening it
 * moves nothing.
 */
export function Combobox<T>(props: ComboboxProps<T>) {
  const { id, name, label, text, onChange, search, optionKey, renderOption, optionText, listLabel, messages } = props
  const searchable = props.searchable ?? defaultSearchable
  const debounceMs = props.debounceMs ?? 150
  const [options, setOptions] = useState<readonly T[]>([])
  const [status, setStatus] = useState<Status>('idle')
  const [active, setActive] = useState(-1)
  const [announcement, setAnnouncement] = useState('')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const controller = useRef<AbortController | null>(null)
  const latest = useRef(0)

  const listId = `${id}-listbox`
  const optionId = (index: number) => `${id}-option-${index}`
  const hintId = props.hint ? `${id}-hint` : undefined
  const errorId = props.error ? `${id}-error` : undefined
  const statusId = `${id}-status`
  const describedBy = [hintId, errorId, props.describedBy].filter(Boolean).join(' ') || undefined
  const expanded = status === 'open' && options.length > 0

  const cancel = () => {
    clearTimeout(timer.current)
    controller.current?.abort()
    controller.current = null
    latest.current += 1
  }
  // Nothing answers into an unmounted field.
  useEffect(
    () => () => {
      clearTimeout(timer.current)
      controller.current?.abort()
    },
    [],
  )

  const close = () => {
    setStatus((current) => (current === 'idle' ? current : 'idle'))
    setActive(-1)
  }

  const run = (query: string) => {
    cancel()
    const request = latest.current
    const abort = new AbortController()
    controller.current = abort
    const apply = (found: readonly T[]) => {
      if (request !== latest.current) return // a newer query owns the list
      controller.current = null
      setOptions(found)
      setActive(-1)
      setStatus(found.length > 0 ? 'open' : 'empty')
      setAnnouncement(found.length > 0 ? messages.found(found.length) : messages.none)
    }
    const fail = () => {
      if (request !== latest.current || abort.signal.aborted) return
      controller.current = null
      setOptions([])
      setStatus('failed')
      setAnnouncement(messages.failed)
    }
    try {
      Promise.resolve(search(query, abort.signal)).then(apply, fail)
    } catch {
      fail()
    }
  }

  const schedule = (query: string) => {
    cancel()
    if (!searchable(query)) {
      setOptions([])
      close()
      setAnnouncement('')
      return
    }
    if (debounceMs <= 0) run(query)
    else timer.current = setTimeout(() => run(query), debounceMs)
  }

  const pick = (option: T) => {
    cancel()
    onChange(optionText(option), option)
    setStatus('idle')
    setActive(-1)
    setAnnouncement('')
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.altKey && event.key === 'ArrowDown') {
      if (options.length > 0) setStatus('open')
      event.preventDefault()
      return
    }
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault()
        if (!expanded) {
          if (options.length > 0) {
            setStatus('open')
            setActive(event.key === 'ArrowDown' ? 0 : options.length - 1)
          } else if (searchable(text)) {
            run(text)
          }
          return
        }
        const step = event.key === 'ArrowDown' ? 1 : -1
        setActive((current) => (current < 0 ? (step === 1 ? 0 : options.length - 1) : (current + step + options.length) % options.length))
        return
      }
      case 'Enter': {
        const option = expanded && active >= 0 ? options[active] : undefined
        if (option !== undefined) {
          event.preventDefault() // a pick, not the form's submission
          pick(option)
        }
        return
      }
      case 'Escape': {
        if (status !== 'idle') {
          event.preventDefault()
          cancel()
          close()
        } else if (text !== '') {
          event.preventDefault()
          cancel()
          setOptions([])
          setAnnouncement('')
          onChange('', null)
        }
        return
      }
      case 'Tab':
        cancel()
        close()
        return
      default:
        return
    }
  }

  // The highlighted option stays in view inside the scrolling list.
  useEffect(() => {
    if (!expanded || active < 0) return
    document.getElementById(`${id}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' })
  }, [expanded, active, id])

  return (
    <div className="field combobox">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="combobox-anchor">
        <input
          id={id}
          name={name}
          type="text"
          role="combobox"
          value={text}
          placeholder={props.placeholder}
          required={props.required}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy}
          className="field-input"
          onChange={(event) => {
            onChange(event.target.value, null)
            schedule(event.target.value)
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            cancel()
            close()
          }}
        />
        {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- the ARIA combobox pattern: a select or datalist cannot show a searched list of rich options */}
        <div id={listId} role="listbox" aria-label={listLabel} className="combobox-list" hidden={!expanded}>
          {options.map((option, index) => (
            // The keyboard stays in the field (aria-activedescendant); the pointer picks here.
            // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role, jsx-a11y/click-events-have-key-events -- see above
            <div role="option" tabIndex={-1}
              key={optionKey(option)}
              id={optionId(index)}
              aria-selected={index === active}
              className="combobox-option"
              // Keeps focus in the field, so the pick happens before any blur closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(option)}
              onPointerMove={() => setActive(index)}
            >
              {renderOption(option)}
            </div>
          ))}
        </div>
        {(status === 'empty' || status === 'failed') && (
          <p className="combobox-empty" aria-hidden="true">
            {status === 'empty' ? messages.none : messages.failed}
          </p>
        )}
      </div>
      {props.hint && (
        <p id={hintId} className="field-hint">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={errorId} className="field-error">
          {props.error}
        </p>
      )}
      <output id={statusId} aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </output>
    </div>
  )
}
