// Lint rules: typescript-eslint, React hooks, accessibility, and the import boundaries of CONTRIBUTING.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

const CLIENT = '**/src/**';
/** The leads have one door (docs/decisions/004-lead-read-model.md): outside models/leads/ only its index.ts. */
const DOOR_MESSAGE = 'Reach the leads through models/leads/index.ts (docs/decisions/004-lead-read-model.md).';
const LEADS_DOOR = ['**/models/leads/*', '!**/models/leads/index.ts'];
/** Tests, seeds and the bench may also write around the model with models/leads/testing.ts. */
const LEADS_DOOR_FOR_SETUP = [...LEADS_DOOR, '!**/models/leads/testing.ts'];
/**
 * Every folder of models/ has one door, its index.ts (docs/decisions/004-lead-read-model.md for the leads'):
 * outside a folder, code imports `models/<folder>`, never a file inside it.
 */
const MODEL_DOOR_MESSAGE = 'Import a model folder through its door, models/<folder> (its index.ts), not a file inside it.';
/** From routers, web, notify and server.ts: `../models/<folder>/<file>`. */
const OUTSIDE_DOOR = { regex: '(^|/)models/[^/]+/', message: MODEL_DOOR_MESSAGE };
/** From a file in a model folder: a sibling folder's file (`../<folder>/<file>`), not server/ or schemas/. */
const SIBLING_DOOR = { regex: '^(\\.\\./)+(?!server/|schemas/|\\.\\./)[^./][^/]*/', message: MODEL_DOOR_MESSAGE };
/** From a file at the top of models/: `./<folder>/<file>`. */
const TOP_DOOR = { regex: '^\\./[^/]+/', message: MODEL_DOOR_MESSAGE };
/**
 * Imports a layer may not make. Type-only imports of the app router stay allowed for the client; nothing on
 * the server side imports the client tree, not even its types (shared types live in schemas/).
 */
const forbid = (groups, message, door = LEADS_DOOR, doors = []) => {
  const others = groups.filter((g) => g !== CLIENT);
  const patterns = [
    ...(others.length ? [{ group: others, message, allowTypeImports: true }] : []),
    ...(groups.includes(CLIENT) ? [{ group: [CLIENT], message, allowTypeImports: false }] : []),
    ...(door ? [{ group: door, message: DOOR_MESSAGE, allowTypeImports: true }] : []),
    ...doors,
  ];
  return { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] };
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.cache/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      '.schemathesis/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Prettier wraps code at 140; long class lists and message texts stay whole rather than being cut mid-string.
      'max-len': ['error', { code: 140, ignoreUrls: true, ignoreRegExpLiterals: true, ignoreStrings: true, ignoreTemplateLiterals: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSAsExpression > TSNeverKeyword', message: 'Do not quiet the compiler with `as never`.' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // A dialog puts the focus on its first field (or on Cancel) when it opens, as the ARIA dialog pattern asks.
      'jsx-a11y/no-autofocus': 'off',
    },
  },
  // Tests read answers of many shapes from JSON.
  { files: ['tests/**', 'e2e/**', '**/*.test.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // Layers point one way, lowest first: schemas -> server (infrastructure) -> models -> notify -> routers -> web -> server.ts;
  // the client imports schemas only.
  {
    files: ['schemas/**'],
    rules: forbid(
      ['**/server/**', '**/models/**', '**/notify/**', '**/routers/**', '**/web/**', '**/src/**'],
      'schemas/ is the bottom layer.',
    ),
  },
  {
    files: ['server/**'],
    rules: forbid(
      ['**/models/**', '**/notify/**', '**/routers/**', '**/web/**', '**/src/**'],
      'server/ is infrastructure: it imports schemas/ only.',
    ),
  },
  {
    files: ['models/**'],
    rules: forbid(
      ['**/notify/**', '**/routers/**', '**/web/**', '**/src/**'],
      'models/ may import schemas/ and server infrastructure only.',
      null,
      [SIBLING_DOOR],
    ),
  },
  {
    files: ['models/*.ts'],
    rules: forbid(
      ['**/notify/**', '**/routers/**', '**/web/**', '**/src/**'],
      'models/ may import schemas/ and server infrastructure only.',
      null,
      [TOP_DOOR],
    ),
  },
  // Unit tests beside the models may reach the files they test.
  {
    files: ['models/**/*.test.ts'],
    rules: forbid(
      ['**/notify/**', '**/routers/**', '**/web/**', '**/src/**'],
      'models/ may import schemas/ and server infrastructure only.',
      null,
    ),
  },
  {
    files: ['notify/**'],
    rules: forbid(['**/routers/**', '**/web/**', '**/src/**'], 'notify/ sits below routers/ and web/.', null, [OUTSIDE_DOOR]),
  },
  {
    files: ['routers/**'],
    rules: forbid(['**/web/**', '**/src/**'], 'routers/ sit below web/ and never import the client tree.', null, [OUTSIDE_DOOR]),
  },
  { files: ['web/**', 'server.ts'], rules: forbid(['**/src/**'], 'The server side never imports the client tree.', null, [OUTSIDE_DOOR]) },
  { files: ['scripts/**'], rules: forbid(['**/src/**'], 'The server side never imports the client tree.', LEADS_DOOR_FOR_SETUP) },
  { files: ['tests/**', 'e2e/**', 'bench/**'], rules: forbid([], '', LEADS_DOOR_FOR_SETUP) },
  {
    files: ['src/**'],
    rules: forbid(
      ['**/models/**', '**/notify/**', '**/routers/**', '**/server/**', '**/web/**'],
      'The client imports schemas/ and types only.',
    ),
  },
  {
    // A feature imports src/components, src/lib and schemas/, never another feature's folder.
    files: ['src/pages/admin/*/**'],
    rules: forbid(['**/models/**', '**/routers/**', '**/server/**', '../*/**', '!../../**'], 'No imports across features.'),
  },
);
