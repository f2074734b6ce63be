// react-i18next imports `use-sync-external-store/shim`, a fallback for React
// versions before 18. React 19 has the hook built in; vite.config.ts points the
// shim here so the fallback code never ships.
export { useSyncExternalStore } from 'react'
