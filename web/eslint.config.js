// ESLint runs one rule only: the direction of imports (oxlint has no rule for it; everything
// else is oxlint's). Shared code (lib, i18n, components) → features → app, never back; and no
// cycle between features (auth ↔ consultations).
import boundaries from 'eslint-plugin-boundaries'
import tseslint from 'typescript-eslint'

// What other features may import from auth.
const AUTH_PUBLIC = ['**/features/auth/AuthProvider.tsx', '**/features/auth/hooks/use-auth.ts', '**/features/auth/api/profile-queries.ts']

export default [
  { ignores: ['dist/**', 'node_modules/**', 'e2e/**', 'scripts/**', '*.config.*'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/elements': [
        { type: 'shared', pattern: ['src/lib', 'src/i18n', 'src/components', 'src/test', 'src/styles'] },
        { type: 'feature', pattern: 'src/features/*', capture: ['name'] },
        { type: 'app', pattern: 'src/app' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        2,
        {
          default: 'allow',
          policies: [
            { from: { element: { type: 'shared' } }, disallow: { to: { element: { types: { anyOf: ['feature', 'app'] } } } } },
            { from: { element: { type: 'feature' } }, disallow: { to: { element: { type: 'app' } } } },
            // No cycle between auth and consultations: auth never imports consultations (the
            // account page that shows both is features/account); consultations uses auth only
            // through its public modules (the provider, useAuth, the profile query).
            { from: { element: { type: 'feature', captured: { name: 'auth' } } }, disallow: { to: { element: { type: 'feature', captured: { name: 'consultations' } } } } },
            {
              from: { element: { type: 'feature', captured: { name: 'consultations' } } },
              disallow: { to: { element: { type: 'feature', captured: { name: 'auth' } } } },
            },
            {
              from: { element: { type: 'feature', captured: { name: 'consultations' } } },
              allow: { to: { element: { type: 'feature', captured: { name: 'auth' } }, file: { path: AUTH_PUBLIC } } },
            },
          ],
        },
      ],
    },
  },
]
