interface Props<T extends string> {
  label: string
  options: readonly T[]
  value: T
  text: (option: T) => string
  onChange: (option: T) => void
}

/** A row of toggle buttons (one pressed), in a fieldset named by `label`: the console's filters and tabs. */
export function FilterButtons<T extends string>({ label, options, value, text, onChange }: Props<T>) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === value}
          onClick={() => onChange(option)}
          className={option === value ? 'btn bg-ocean-800 text-white' : 'btn btn-secondary'}
        >
          {text(option)}
        </button>
      ))}
    </fieldset>
  )
}
