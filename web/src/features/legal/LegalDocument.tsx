import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { EmailSentence } from '../../components/ui/EmailSentence'
import { PageIntro } from '../../components/ui/PageIntro'
import { useConfig } from '../../lib/config-context'

export interface LegalSection {
  heading: string
  paragraphs: string[]
}

interface Props {
  title: string
  intro: string
  sections: LegalSection[]
  /** Extra sections after the standard ones (the privacy page's storage table). */
  children?: ReactNode
}

/** The shared shape of terms, privacy and copyright: intro, numbered sections, contact line. */
export function LegalDocument({ title, intro, sections, children }: Props) {
  const { t } = useTranslation('legal')
  const { contactEmail } = useConfig()
  return (
    <article className="pb-8">
      <PageIntro title={title} intro={intro} />
      <div className="mx-auto max-w-3xl space-y-10 px-4">
        {sections.map((section) => (
          <section key={section.heading}>
            <h2 className="text-2xl font-semibold">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
        {children}
        <p className="rounded-2xl bg-sand-100 p-5 text-slate-600">
          {contactEmail ? (
            <EmailSentence sentence={(email) => t('contact', { email })} email={contactEmail} />
          ) : (
            t('contactNoEmail')
          )}
        </p>
      </div>
    </article>
  )
}
