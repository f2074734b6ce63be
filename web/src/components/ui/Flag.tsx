import type { ReactNode } from 'react'
import type { Lang } from '../../i18n/languages'

// Simplified flags drawn inline (no image requests, sharp at any size). They are
// decoration: the language name is always there as text, visible or not.
const FLAGS: Record<Lang, ReactNode> = {
  en: (
    <>
      <rect width="30" height="20" fill="#012169" />
      <path d="M0 0l30 20M30 0L0 20" stroke="#fff" strokeWidth="4" />
      <path d="M0 0l30 20M30 0L0 20" stroke="#c8102e" strokeWidth="1.5" />
      <path d="M15 0v20M0 10h30" stroke="#fff" strokeWidth="6" />
      <path d="M15 0v20M0 10h30" stroke="#c8102e" strokeWidth="3.5" />
    </>
  ),
  es: (
    <>
      <rect width="30" height="20" fill="#aa151b" />
      <rect y="5" width="30" height="10" fill="#f1bf00" />
    </>
  ),
  pt: (
    <>
      <rect width="30" height="20" fill="#009c3b" />
      <path d="M15 2.5L27.5 10 15 17.5 2.5 10z" fill="#ffdf00" />
      <circle cx="15" cy="10" r="4.3" fill="#002776" />
      <path d="M10.9 9.1c2.7-.7 5.8-.3 8.1 1.3" stroke="#fff" strokeWidth=".8" fill="none" />
    </>
  ),
}

export function Flag({ lang, className = '' }: { lang: Lang; className?: string }) {
  return (
    <svg
      viewBox="0 0 30 20"
      width="24"
      height="16"
      aria-hidden="true"
      focusable="false"
      className={`shrink-0 rounded-[3px] ring-1 ring-slate-900/10 ${className}`}
    >
      {FLAGS[lang]}
    </svg>
  )
}
