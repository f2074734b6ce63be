// ESLint runs one rule only: the direction of imports (oxlint has no rule for it; everything
// else is oxlint's). Shared code (lib, i18n, components) → features → app, never back.
import boundaries from 'eslint-plugin-boundaries'
import tseslint from 'typescript-eslint'

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
          ],
        },
      ],
    },
  },
]
