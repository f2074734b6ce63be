import { useTranslation } from 'react-i18next'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'
import { SESSION_KEYS } from '../../lib/session-keys'
import { STORAGE_KEYS } from '../../lib/storage'
import { LegalDocument } from './LegalDocument'

/** The privacy page names every browser-storage key the code uses (lib/storage.ts, lib/session-keys.ts), no more, no less. */
function BrowserStorage() {
  const { t } = useTranslation('legal')
  const rows = [
    ...Object.entries(STORAGE_KEYS).map(([id, name]) => ({ name, purpose: t(`privacy.storage.items.${id as keyof typeof STORAGE_KEYS}`) })),
    ...Object.entries(SESSION_KEYS).map(([id, name]) => ({ name, purpose: t(`privacy.storage.session.${id as keyof typeof SESSION_KEYS}`) })),
  ]
  return (
    <section>
      <h2 className="text-2xl font-semibold">{t('privacy.storage.heading')}</h2>
      <p className="mt-3 leading-relaxed">{t('privacy.storage.intro')}</p>
      <div className="mt-5 overflow-x-auto rounded-2xl border border-sand-200 bg-white shadow-soft">
        <table className="w-full text-left text-sm">
          <thead className="bg-sand-100 text-ocean-900">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t('privacy.storage.keyColumn')}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t('privacy.storage.purposeColumn')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-sand-200">
            {rows.map(({ name, purpose }) => (
              <tr key={name}>
                <th scope="row" className="px-4 py-3 align-top font-mono font-medium whitespace-nowrap text-ocean-900">
                  {name}
                </th>
                <td className="px-4 py-3 leading-relaxed">{purpose}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-5 leading-relaxed">{t('privacy.storage.consentNote')}</p>
    </section>
  )
}

export default function PrivacyPage() {
  const { t } = useTranslation('legal')
  useDocumentMeta({ page: 'privacy' }, useLang())
  return (
    <LegalDocument
      title={t('privacy.title')}
      intro={t('privacy.intro')}
      sections={t('privacy.sections', { returnObjects: true })}
    >
      <BrowserStorage />
    </LegalDocument>
  )
}
