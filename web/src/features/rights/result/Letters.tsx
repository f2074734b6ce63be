import { Fragment, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../components/ui/button-styles'
import { downloadPdf, renderPdf } from '../pdf'
import { PLACEHOLDER, claimLetter, letterLanguages } from '../rules/letter'
import type { Assessment, CheckInput, Lang } from '../rules/types'

/** The letter's text with each [placeholder] marked (the brackets stay: no colour-only meaning). */
function Marked({ text }: { text: string }) {
  const parts: Array<string | { placeholder: string }> = []
  let last = 0
  for (const match of text.matchAll(PLACEHOLDER)) {
    parts.push(text.slice(last, match.index))
    parts.push({ placeholder: match[0] })
    last = match.index + match[0].length
  }
  parts.push(text.slice(last))
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? <Fragment key={i}>{part}</Fragment> : <mark key={i}>{part.placeholder}</mark>,
      )}
    </>
  )
}

/** Prints only the given letter: the print stylesheet shows just the marked element. */
function printOnly(element: HTMLElement) {
  const root = document.documentElement
  root.dataset.print = 'letter'
  element.dataset.printTarget = 'true'
  const done = () => {
    delete root.dataset.print
    delete element.dataset.printTarget
    window.removeEventListener('afterprint', done)
  }
  window.addEventListener('afterprint', done)
  window.print()
}

function LetterCard({ input, assessment, letterLang, onStatus }: { input: CheckInput; assessment: Assessment; letterLang: Lang; onStatus: (message: string) => void }) {
  const { t } = useTranslation('rightsResult')
  const ref = useRef<HTMLElement>(null)
  const letter = claimLetter(input, assessment, letterLang)
  const language = t(`letter.languages.${letterLang}`)
  const full = `${letter.subject}\n\n${letter.body}`

  async function copy() {
    try {
      await navigator.clipboard.writeText(full)
      onStatus(t('letter.copied', { language }))
    } catch {
      onStatus(t('letter.copyFailed'))
    }
  }

  function pdf() {
    const name = `claim-${input.from.iata}-${input.to.iata}-${input.date}-${letterLang}.pdf`.toLowerCase()
    downloadPdf(name, renderPdf(letter.subject, letter.body))
  }

  return (
    <article ref={ref} className="rights-letter" lang={letterLang} aria-labelledby={`rights-letter-${letterLang}`}>
      <h4 id={`rights-letter-${letterLang}`}>{t('letter.title', { language })}</h4>
      <div className="rights-letter-text">
        <p>
          <strong>{t('letter.subject')}</strong> <Marked text={letter.subject} />
        </p>
        <p className="rights-letter-body">
          <Marked text={letter.body} />
        </p>
      </div>
      <div className="rights-letter-actions">
        <button type="button" className={buttonStyles.secondary} onClick={() => void copy()}>
          {t('letter.copy', { language })}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={() => ref.current && printOnly(ref.current)}>
          {t('letter.print', { language })}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={pdf}>
          {t('letter.pdf', { language })}
        </button>
      </div>
    </article>
  )
}

/** The claim letter in the traveller's language, and in English when the airline is foreign. */
export function Letters({ input, assessment, lang }: { input: CheckInput; assessment: Assessment; lang: Lang }) {
  const { t } = useTranslation('rightsResult')
  const [status, setStatus] = useState('')
  const languages = letterLanguages({ ...input, lang })
  return (
    <section aria-labelledby="rights-letters" className="rights-block">
      <h3 id="rights-letters">{t('letter.heading')}</h3>
      <p>{t('letter.intro')}</p>
      {languages.length > 1 && <p>{t('letter.englishToo')}</p>}
      {languages.map((letterLang) => (
        <LetterCard key={letterLang} input={input} assessment={assessment} letterLang={letterLang} onStatus={setStatus} />
      ))}
      <output aria-live="polite" className="rights-status">
        {status}
      </output>
    </section>
  )
}
