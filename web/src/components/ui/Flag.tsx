import en from '../../assets/flags/en.svg'
import es from '../../assets/flags/es.svg'
import pt from '../../assets/flags/pt.svg'
import type { Lang } from '../../i18n/languages'

// Simplified flags as small cached image files rather than markup in the shared script.
// They are decoration: the language name is always there as text, visible or not.
const FLAGS: Record<Lang, string> = { en, es, pt }

export function Flag({ lang, className = '' }: { lang: Lang; className?: string }) {
  return (
    <img
      src={FLAGS[lang]}
      width="24"
      height="16"
      alt=""
      decoding="async"
      className={`shrink-0 rounded-[3px] ring-1 ring-slate-900/10 ${className}`}
    />
  )
}
