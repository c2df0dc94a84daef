// ESLint (flat config) for the extension's TypeScript: the recommended
// rules of ESLint and typescript-eslint. `npm run lint`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['out/**', 'build/**', 'dist/**', 'e2e/**', 'node_modules/**', 'bin/**', 'scripts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.ts'],
    rules: {
      // Unused arguments are part of callback signatures when prefixed _.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
);
