import { Link } from 'react-router'
import { Flag } from '../../components/ui/Flag'
import { LANGUAGE_NAMES, type Lang } from '../../i18n/languages'
import { useLang } from '../../i18n/use-lang'
import { useLanguageSwitch } from '../../i18n/use-language-switch'

/** One language choice: a real link to this page in `lang`, which also remembers the choice. */
export function LanguageOptionLink({ lang }: { lang: Lang }) {
  const current = useLang()
  const { pathFor, remember } = useLanguageSwitch()
  return (
    <Link
      to={pathFor(lang)}
      onClick={() => remember(lang)}
      hrefLang={lang}
      lang={lang}
      aria-current={lang === current ? 'true' : undefined}
      data-menu-item
      className="menu-item"
    >
      <Flag lang={lang} />
      {LANGUAGE_NAMES[lang]}
    </Link>
  )
}
