import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { SORTS, type StoreFilters } from '../filters'
import type { ProductSort, Category } from '../types'

interface Props {
  filters: StoreFilters
  categories: Category[]
  onChange: (changes: Partial<StoreFilters>) => void
}

/**
 * The category (a radio group of pills: arrows move between them, as in any radio group) and
 * the order (a select). Both live in the address; `onChange` writes them there.
 */
export function CatalogControls({ filters, categories, onChange }: Props) {
  const { t } = useTranslation('store')
  const sortId = useId()
  const name = useId()
  const options = [{ key: null, name: t('catalog.all') }, ...categories.map((category) => ({ key: category.key as string | null, name: category.name }))]
  return (
    <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-4">
      <fieldset className="min-w-0">
        <legend className="field-label">{t('catalog.categories')}</legend>
        <div className="mt-2 filter-tabs">
          {options.map((option) => (
            <label key={option.key ?? ''} className="filter-choice">
              <input
                type="radio"
                name={name}
                value={option.key ?? ''}
                checked={filters.category === option.key}
                onChange={() => onChange({ category: option.key })}
                className="sr-only"
              />
              <span>{option.name}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field w-full sm:w-64">
        <label htmlFor={sortId} className="field-label">
          {t('catalog.sort')}
        </label>
        <select
          id={sortId}
          value={filters.sort}
          onChange={(event) => onChange({ sort: event.target.value as ProductSort })}
          className="field-input"
        >
          {SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`catalog.sorts.${sort}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}
