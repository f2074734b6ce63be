/**
 * The console as the router loads it (app/router.tsx), like store/checkout/routes.ts: the list of
 * files the console needs is written in this small chunk, not in the first load's preload table
 * that every public page downloads.
 */
export const consolePage = () => import('./StaffConsole')
