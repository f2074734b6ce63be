import { useTranslation } from 'react-i18next'
import { useLang } from '../../i18n/use-lang'
import { NotOwedList, OwedList } from './result/Entitlements'
import { ExpertCall } from './result/ExpertCall'
import { DeadlinesSection, DocumentsSection, RegimesSection, SendToSection } from './result/Facts'
import { Letters } from './result/Letters'
import type { Assessment, CheckInput } from './rules/types'

export interface RightsResultProps {
  input: CheckInput
  assessment: Assessment
}

/**
 * The passenger-rights checker's result (docs/product.md): what is owed and why, what is not,
 * the deadlines, the documents, where to send the claim, the letter (copy, print, PDF) and the
 * way to book a consultation, prominent when the rules cannot settle the case. Everything is
 * computed and shown in the browser.
 */
export function RightsResult({ input, assessment }: RightsResultProps) {
  const { t } = useTranslation('rightsResult')
  const lang = useLang()
  const expert = assessment.expert.length > 0
  return (
    <section aria-labelledby="rights-result-heading" className="rights-result">
      <h2 id="rights-result-heading" tabIndex={-1}>
        {t('heading')}
      </h2>
      <p className="rights-note">{t('privacy')}</p>
      {expert && <ExpertCall input={input} assessment={assessment} lang={lang} />}
      <OwedList owed={assessment.owed} regimes={assessment.regimes} lang={lang} />
      <NotOwedList notOwed={assessment.notOwed} regimes={assessment.regimes} lang={lang} />
      <RegimesSection assessment={assessment} lang={lang} />
      <DeadlinesSection assessment={assessment} lang={lang} />
      <DocumentsSection assessment={assessment} lang={lang} />
      <SendToSection assessment={assessment} lang={lang} />
      <Letters input={input} assessment={assessment} lang={lang} />
      {!expert && <ExpertCall input={input} assessment={assessment} lang={lang} />}
      <p className="rights-note">{t('disclaimer')}</p>
    </section>
  )
}

export default RightsResult
