/**
 * The web calls endpoints, not URLs (docs/decisions/0066-web-calls-endpoints.md): no screen or
 * query of features/ (nor lib/queries/, app/ and the login entry) writes an API path. A string or template
 * literal that starts with /v1/, /v2/, /v3/ or /api/ fails this test, with its file and line; the
 * call goes through `call(endpoint, …)` or `download(endpoint, …)` of lib/api-client.ts instead.
 * The fixtures (the test fake's routes) are read too, with a route key such as
 * 'GET /api/v2/user/info/'; tests are not (their requests and answers hold paths as data), and
 * the fake itself takes only endpoints (a URL key fails the typecheck: app/contract.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const API_PATH = /^(?:(?:GET|POST|PUT|PATCH|DELETE) )?\/(?:v1|v2|v3|api)\//;

/** The source files of `dir` (recursively), fixtures included, without tests. */
function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => path.join(dir, name));
}

/** `file:line` of each string or template literal of `file` that starts with an API path. */
function apiPathsIn(file: string, text: string = fs.readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const literal = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : undefined;
    const head = ts.isTemplateExpression(node) ? node.head.text : undefined;
    const value = literal ?? head;
    if (value !== undefined && API_PATH.test(value)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${path.relative(SRC, file)}:${line + 1}: ${node.getText(source).slice(0, 80)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('API paths in features', () => {
  it('finds a path in a string, a template literal and a template with values, not in comments', () => {
    const text = [
      '// GET /api/v2/user/info/',
      "const a = '/v2/user/info/';",
      'const b = `/v1/accounts/`;',
      'const c = `/api/v2/player/${id}/`;',
      "const d = '/dashboard/v2/';",
      "const e = { 'GET /api/v2/user/info/': answer };",
    ].join('\n');
    expect(apiPathsIn(path.join(SRC, 'features/x/x.api.ts'), text)).toEqual([
      "features/x/x.api.ts:2: '/v2/user/info/'",
      'features/x/x.api.ts:3: `/v1/accounts/`',
      'features/x/x.api.ts:4: `/api/v2/player/${id}/`',
      "features/x/x.api.ts:6: 'GET /api/v2/user/info/'",
    ]);
  });

  it('none in features/, lib/queries/, app/, the login entry and their fixtures: they call endpoints', () => {
    const files = [
      ...sourceFiles(path.join(SRC, 'features')),
      ...sourceFiles(path.join(SRC, 'lib', 'queries')),
      ...sourceFiles(path.join(SRC, 'app')),
      path.join(SRC, 'login-main.tsx'),
    ];
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => apiPathsIn(file))).toEqual([]);
  });
});
