import { useTranslation } from 'react-i18next'
import { LocalizedNavLink } from '../../../components/ui/LocalizedLink'
import { useStaff } from '../context'
import { ADMIN_SECTIONS, STAFF_PATHS, type StaffSection } from '../paths'

const SECTIONS = Object.keys(STAFF_PATHS) as StaffSection[]

/** The console's sections as links (Tab from one to the next); the current one is aria-current="page". */
export function StaffNav() {
  const { t } = useTranslation('staff')
  const { isAdmin } = useStaff()
  const visible = SECTIONS.filter((section) => isAdmin || !ADMIN_SECTIONS.includes(section))
  return (
    <nav aria-label={t('nav.label')} className="mt-4 mb-8">
      <ul className="flex flex-wrap gap-1">
        {visible.map((section) => (
          <li key={section}>
            <LocalizedNavLink to={STAFF_PATHS[section]} end={section === 'agenda'} className="menu-item">
              {t(`nav.${section}`)}
            </LocalizedNavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
