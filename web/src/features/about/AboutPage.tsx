import { useTranslation } from 'react-i18next'
import { EmailSentence } from '../../components/ui/EmailSentence'
import { PageIntro } from '../../components/ui/PageIntro'
import { useLang } from '../../i18n/use-lang'
import { useConfig } from '../../lib/config-context'
import { useDocumentMeta } from '../../lib/document-meta'

interface AboutSection {
  heading: string
  text: string
}

export default function AboutPage() {
  const { t } = useTranslation('pages')
  const { contactEmail } = useConfig()
  useDocumentMeta({ page: 'about' }, useLang())
  const sections: AboutSection[] = t('about.sections', { returnObjects: true })
  return (
    <article className="pb-8">
      <PageIntro title={t('about.title')} intro={t('about.intro')} />
      <div className="mx-auto grid max-w-5xl gap-6 px-4 sm:grid-cols-2">
        {sections.map((section) => (
          <section key={section.heading} className="rounded-3xl border border-sand-200 bg-white p-7 shadow-soft">
            <h2 className="text-2xl font-semibold">{section.heading}</h2>
            <p className="mt-3 leading-relaxed">{section.text}</p>
          </section>
        ))}
      </div>
      <p className="mx-auto mt-10 max-w-3xl px-4 text-center text-lg text-slate-600">
        {contactEmail ? (
          <EmailSentence sentence={(email) => t('about.contact', { email })} email={contactEmail} />
        ) : (
          t('about.contactNoEmail')
        )}
      </p>
    </article>
  )
}
