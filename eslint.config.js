// npm run lint (also run by npm test): typescript-eslint, react-hooks, import-x/no-cycle over the whole tree, and the
// console's import boundaries (import-x/no-restricted-paths).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import { REPOSITORY_FILES, repositoryZones, serverBoundaryZones, sqlOnlyInRepositories } from './eslint.server-zones.js';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

// Console boundaries (ARCHITECTURE.md, 'The shape of an area'): an area imports src/contracts, src/components,
// providers/ and domain/, never another area's files; the shell imports areas only in src/areas.ts; providers/
// import neither the shell nor the areas (src/providers.ts hands them the areas' methods and messages).
const consoleAreas = readdirSync(join(import.meta.dirname, 'resources'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const consoleZones = [
  ...consoleAreas.map((area) => ({
    target: `resources/${area}`,
    from: 'resources',
    except: [`./${area}`],
    message: 'An area imports no other area: what two areas share belongs in src/components, src/contracts, providers/ or domain/.',
  })),
  {
    target: 'resources',
    from: 'src',
    except: ['./contracts', './components'],
    message: 'An area imports only src/contracts and src/components from the shell.',
  },
  {
    target: ['src/*/**', 'src/!(areas).{ts,tsx}'],
    from: 'resources',
    message: 'The shell imports the areas only in src/areas.ts.',
  },
  {
    target: 'providers',
    from: ['src', 'resources'],
    message: 'providers/ import neither the shell nor the areas; src/providers.ts composes them.',
  },
  { target: ['resources', 'src', 'providers'], from: 'server', message: 'The console reaches the server only through the API.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'drizzle/**', 'bench/results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      // Relative imports only, so Node's resolver with the TypeScript extensions finds every file.
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  // Prettier lays the code out (npm run format; npm run lint checks it); ESLint keeps no layout rules of its own …
  prettier,
  // … except the line length Prettier cannot reach (strings, comments, template literals), outside the tests.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['test/**'],
    rules: { 'max-len': ['error', { code: 140, ignoreUrls: true, ignoreRegExpLiterals: true }] },
  },
  {
    // The console's boundaries (the server's are in their own block).
    files: ['resources/**/*.{ts,tsx}', 'src/**/*.{ts,tsx}', 'providers/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: consoleZones }] },
  },
  // The customers' ordering page (storefront/) is its own small entry: it reaches the server only through the API and
  // shares nothing with the console (react-admin, MUI) that would grow its bundle.
  {
    files: ['storefront/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: 'storefront',
              from: ['server', 'src', 'resources', 'providers'],
              message: 'The ordering page reaches the server only through the API and imports nothing of the console.',
            },
          ],
        },
      ],
    },
  },
  // Server and domain boundaries (ARCHITECTURE.md "The shape of an area"); the console's zones are a block of their own.
  {
    files: ['domain/**/*.{ts,tsx}', 'server/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: [...serverBoundaryZones(), ...repositoryZones()] }],
    },
  },
  // SQL lives only in repositories. A demo.ts seeds a fresh database with sample rows once at start-up: fixtures, not
  // queries the app answers with, so they stay beside the data they describe instead of growing the repositories.
  {
    files: ['server/areas/**/*.ts'],
    ignores: [REPOSITORY_FILES, 'server/areas/*/tables.ts', 'server/areas/*/demo.ts'],
    rules: sqlOnlyInRepositories,
  },
);
