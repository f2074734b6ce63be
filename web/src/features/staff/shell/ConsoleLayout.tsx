import { lazy, Suspense, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useRoutes, type RouteObject } from 'react-router'
import { LocalizedLink } from '../../../components/ui/LocalizedLink'
import AgendaPage from '../agenda/AgendaPage'
import { useStaff } from '../context'
import { STAFF_PATHS, type StaffSection } from '../paths'
import { SectionPage } from './SectionPage'
import { StaffNav } from './StaffNav'

// The agenda is where the console opens; the other sections load when first visited.
const BookingPage = lazy(() => import('../booking/BookingPage'))
const CasesPage = lazy(() => import('../cases/CasesPage'))
const OpinionsPage = lazy(() => import('../opinions/OpinionsPage'))
const AvailabilityPage = lazy(() => import('../availability/AvailabilityPage'))
const TeamPage = lazy(() => import('../team/TeamPage'))
const AuditPage = lazy(() => import('../audit/AuditPage'))
const DashboardPage = lazy(() => import('../dashboard/DashboardPage'))
const OrdersPage = lazy(() => import('../orders/OrdersPage'))
const OrderPage = lazy(() => import('../orders/OrderPage'))
const StockPage = lazy(() => import('../stock/StockPage'))
const DiscountsPage = lazy(() => import('../discounts/DiscountsPage'))
const IssuesPage = lazy(() => import('../newsletter/IssuesPage'))
const IssuePage = lazy(() => import('../newsletter/IssuePage'))
const UsersPage = lazy(() => import('../users/UsersPage'))
const UserPage = lazy(() => import('../users/UserPage'))

/** The owners' sections, team and audit: for admins only (the nav hides them; a typed address says so). */
function AdminOnly({ title, children }: { title: string; children: ReactNode }) {
  const { isAdmin } = useStaff()
  const { t } = useTranslation('errors')
  if (isAdmin) return <>{children}</>
  return (
    <SectionPage title={title}>
      <p className="form-error">{t('codes.not_admin')}</p>
    </SectionPage>
  )
}

function NotInConsole() {
  const { t } = useTranslation('staff')
  return (
    <SectionPage title={t('notFound.title')}>
      <LocalizedLink to={STAFF_PATHS.agenda} className="link-button">
        {t('notFound.back')}
      </LocalizedLink>
    </SectionPage>
  )
}

/** The admins' addresses, each named after its section (the title a consultant sees refused). */
const adminRoutes: { path: string; section: StaffSection; element: ReactNode }[] = [
  { path: 'dashboard', section: 'dashboard', element: <DashboardPage /> },
  { path: 'orders', section: 'orders', element: <OrdersPage /> },
  { path: 'orders/:id', section: 'orders', element: <OrderPage /> },
  { path: 'stock', section: 'stock', element: <StockPage /> },
  { path: 'discounts', section: 'discounts', element: <DiscountsPage /> },
  { path: 'newsletter', section: 'newsletter', element: <IssuesPage /> },
  { path: 'newsletter/:id', section: 'newsletter', element: <IssuePage /> },
  { path: 'users', section: 'users', element: <UsersPage /> },
  { path: 'users/:id', section: 'users', element: <UserPage /> },
  { path: 'team', section: 'team', element: <TeamPage /> },
  { path: 'audit', section: 'audit', element: <AuditPage /> },
]

/**
 * The sections under /staff. `useRoutes` with objects rather than <Routes>/<Route>: the router's
 * JSX form would put code only the console uses into the shared first-load chunk (react-router
 * lives there), about 0.5 KB on every public page.
 */
function ConsoleRoutes() {
  const { t } = useTranslation('staff')
  const routes: RouteObject[] = [
    { index: true, element: <AgendaPage /> },
    { path: 'bookings/:id', element: <BookingPage /> },
    { path: 'cases', element: <CasesPage /> },
    { path: 'opinions', element: <OpinionsPage /> },
    { path: 'availability', element: <AvailabilityPage /> },
    ...adminRoutes.map(({ path, section, element }) => ({
      path,
      element: (
        <AdminOnly title={t(`nav.${section}`)}>
          {element}
        </AdminOnly>
      ),
    })),
    { path: '*', element: <NotInConsole /> },
  ]
  return useRoutes(routes)
}

/** Who is signed in, the sections, and the section of the address. */
export function ConsoleLayout() {
  const { t } = useTranslation('staff')
  const { me, zone } = useStaff()
  const roles = me.roles.map((role) => t(`roles.${role}`)).join(', ')
  return (
    <div className="mx-auto max-w-6xl px-4 pt-8 pb-16">
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 border-b border-sand-200 pb-4">
        <p className="font-display text-xl text-ocean-900">{t('console.name')}</p>
        <p className="text-sm text-slate-600">{t('console.who', { email: me.email, roles, zone })}</p>
      </div>
      <StaffNav />
      <Suspense fallback={<output className="block min-h-40 text-slate-600">{t('common.loading')}</output>}>
        <ConsoleRoutes />
      </Suspense>
    </div>
  )
}
