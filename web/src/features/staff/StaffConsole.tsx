import { useTranslation } from 'react-i18next'
import { useLang } from '../../i18n/use-lang'
import { useDocumentMeta } from '../../lib/document-meta'
import { useAuth } from '../auth/hooks/use-auth'
import { useMe } from './api/queries'
import { StaffContext } from './context'
import { useNoIndex } from './noindex'
import { ConsoleLayout } from './shell/ConsoleLayout'
import { GateProblem, Pending, SignedOut } from './shell/Gate'
import { browserZone, isTimeZone } from './time'

/**
 * /staff (and /es/staff, /pt/staff): the team's console (docs/decisions/014). Its own route
 * chunk with its own words (`staff`); public pages never load it. The signed-in auth-js session
 * is the key: GET /staff/me says whether it opens (roles, two-step verification), and the
 * server checks the same again on every call.
 */
export default function StaffConsole() {
  const lang = useLang()
  useDocumentMeta({ page: 'staff' }, lang)
  useNoIndex()
  // The API's refusals are said with errors:codes; their words load with the page.
  useTranslation('errors')
  const { user, session, loading } = useAuth()
  const me = useMe(user?.id)

  if (loading) return <Pending />
  if (!user || !session) return <SignedOut />
  if (me.isError && !me.isFetching) return <GateProblem error={me.error} session={session} onRetry={() => void me.refetch()} />
  if (!me.isSuccess) return <Pending />

  const consultantZone = me.data.consultant?.time_zone
  const zone = consultantZone && isTimeZone(consultantZone) ? consultantZone : browserZone()
  return (
    <StaffContext value={{ me: me.data, isAdmin: me.data.roles.includes('admin'), zone, lang }}>
      <ConsoleLayout />
    </StaffContext>
  )
}
