import { useState, type FormEvent } from 'react'
import { emptySearch, localToday, type FieldErrors, type SearchKind, type SearchValues } from './search-model'
import { VALIDATORS } from './validation'

/**
 * One search form: its values, and the messages of its invalid fields. Checked on
 * submit; after that, each change checks again so a fixed field clears its message.
 * On an invalid submit, focus goes to the first field that needs attention.
 */
export function useSearchForm<K extends SearchKind>(kind: K, onValid: (search: SearchValues[K]) => void) {
  type Values = SearchValues[K]
  const validate = VALIDATORS[kind] as (search: Values, today: string) => FieldErrors<Values>
  const [values, setValues] = useState<Values>(() => emptySearch()[kind])
  const [errors, setErrors] = useState<FieldErrors<Values>>({})
  const [checked, setChecked] = useState(false)

  const update = (name: keyof Values & string, value: string) => {
    const next = { ...values, [name]: value }
    setValues(next)
    if (checked) setErrors(validate(next, localToday()))
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = validate(values, localToday())
    setChecked(true)
    setErrors(found)
    const first = Object.keys(found)[0]
    if (first === undefined) {
      onValid(values)
      return
    }
    const field = event.currentTarget.elements.namedItem(first)
    if (field instanceof HTMLElement) field.focus()
  }

  return { values, errors, update, submit }
}
