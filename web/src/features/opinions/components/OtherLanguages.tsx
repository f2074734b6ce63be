import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LANGUAGE_NAMES, type Lang } from '../../../i18n/languages'
import { localizedPath } from '../../../i18n/paths'
import { opinionPath } from '../../../lib/site-map'

/** Links to the same opinion in the other languages it has a text in (each named in itself). */
export function OtherLanguages({ slug, languages, current }: { slug: string; languages: readonly Lang[]; current: Lang }) {
  const { t } = useTranslation('opinions')
  const id = useId()
  const others = languages.filter((lang) => lang !== current)
  if (others.length === 0) return null
  return (
    <nav aria-labelledby={id} className="mt-10 border-t border-sand-200 pt-6">
      <h2 id={id} className="small-heading">
        {t('opinion.languages')}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {others.map((lang) => (
          <li key={lang}>
            <Link to={localizedPath(opinionPath(slug), lang)} hrefLang={lang} lang={lang} className="tag tag-link">
              {LANGUAGE_NAMES[lang]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
