// `npm run docs:routes`: writes the table of docs/routes.md from the declared routes (the REST rows of
// routers/<domain>.ts and Slack's route), between its two markers; the text around them is kept.
// tests/api/routes-doc.test.ts fails when the committed table differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DECLARED_ROUTES } from '../routers/index.ts';
import type { DocumentedRoute } from '../routers/rest.ts';

export const ROUTES_DOC = fileURLToPath(new URL('../docs/routes.md', import.meta.url));
const START = '<!-- routes:start: written by `npm run docs:routes` from the route tables; edit those, not this -->';
const END = '<!-- routes:end -->';

const cell = (text: string | undefined) => (text ?? '').replaceAll('|', '\\|').replaceAll('\n', ' ');

function row(route: DocumentedRoute): string {
  const notes = [route.staff ? 'staff' : 'public', route.unpublished ? 'not in the OpenAPI document' : ''].filter(Boolean).join('; ');
  const code = route.code ?? {};
  const cells = [
    `\`${route.method.toUpperCase()} ${route.path}\``,
    notes,
    route.summary,
    code.procedure,
    code.input,
    code.model,
    code.screen,
  ];
  return `| ${cells.map(cell).join(' | ')} |`;
}

/** The generated table, markers included. */
export function routesTable(routes: DocumentedRoute[] = DECLARED_ROUTES): string {
  return [
    START,
    '| route | who | what | procedure | input schema | model | screen |',
    '|---|---|---|---|---|---|---|',
    ...routes.map(row),
    END,
  ].join('\n');
}

/** The doc with its table replaced by a freshly generated one. */
export function withFreshTable(doc: string, table = routesTable()): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/routes.md has lost its markers: put ${START} and ${END} back around the table`);
  return doc.slice(0, start) + table + doc.slice(end + END.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(ROUTES_DOC, withFreshTable(readFileSync(ROUTES_DOC, 'utf8')));
  console.log('docs/routes.md: table written');
}
