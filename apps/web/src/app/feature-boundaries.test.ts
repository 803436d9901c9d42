/**
 * The one-way layout of the web (docs/decisions/0068-one-way-web-layout.md), as the repository's
 * ESLint config enforces it: a feature imports components/, lib/, @grove/domain and its own files,
 * never another feature nor app/; components/ and lib/ import neither; app/ composes features.
 * The code is linted as if it were a file at the given path (the file need not exist); ESLint's
 * Node API runs in the web project's happy-dom environment as it is.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: ROOT });

/** The boundary errors of `code` linted as `file` (relative to the repository). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports' || message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message);
}

const HOME = 'apps/web/src/features/home/x.tsx';
const use = (line: string) => `${line}\nexport const y = x;\n`;

describe('the web’s one-way layout', () => {
  it('refuses a feature importing another feature, and says what to do instead', async () => {
    const errors = await boundaryErrors(HOME, use("import { x } from '../coaching/coaching.api.ts';"));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/imports no other feature/);
    expect(errors[0]).toMatch(/lib\/queries\//);
    expect(errors[0]).toMatch(/app\/routes\//);
    // Through features/, re-exported, lazily, a stylesheet, or from a folder inside the feature.
    expect(
      await boundaryErrors(HOME, use("import { x } from '../../features/coaching/coaching.api.ts';")),
    ).toHaveLength(1);
    expect(await boundaryErrors(HOME, "export { x } from '../coaching/coaching.api.ts';\n")).toHaveLength(1);
    expect(await boundaryErrors(HOME, "export const y = () => import('../coaching/coach-card.tsx');\n")).toHaveLength(
      1,
    );
    expect(await boundaryErrors(HOME, "import '../coaching/coaching.css';\n")).toHaveLength(1);
    expect(
      await boundaryErrors('apps/web/src/features/home/parts/x.tsx', use("import { x } from '../../coaching/a.ts';")),
    ).toHaveLength(1);
  });

  it('refuses a feature importing app/', async () => {
    const errors = await boundaryErrors(HOME, use("import { x } from '../../app/layouts/layout-context.ts';"));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/does not import app\/.*lib\/paths\.ts/);
  });

  it('lets a feature import components/, lib/, the domain, its own files and the test helpers', async () => {
    for (const line of [
      "import { x } from '../../lib/format.ts';",
      "import { x } from '../../lib/queries/players.ts';",
      "import { x } from '../../components/button.tsx';",
      "import { x } from '@grove/domain';",
      "import { x } from './home-leads.ts';",
      "import { x } from '../home/home-leads.ts';",
      "import { x } from '../../../test/fixtures.ts';",
    ]) {
      expect(await boundaryErrors(HOME, use(line)), line).toEqual([]);
    }
    expect(
      await boundaryErrors(
        'apps/web/src/features/home/parts/x.tsx',
        use("import { x } from '../../../lib/format.ts';"),
      ),
    ).toEqual([]);
  });

  it('refuses components/ and lib/ importing a feature or app/', async () => {
    for (const [file, line] of [
      ['apps/web/src/lib/x.ts', "import { x } from '../features/home/home-leads.ts';"],
      ['apps/web/src/lib/queries/x.ts', "import { x } from '../../app/router.tsx';"],
      ['apps/web/src/components/x.tsx', "import { x } from '../features/account/account.api.ts';"],
      ['apps/web/src/components/form/x.tsx', "import { x } from '../../app/paths.ts';"],
    ] as const) {
      const errors = await boundaryErrors(file, use(line));
      expect(errors, `${file}: ${line}`).toHaveLength(1);
      expect(errors[0]).toMatch(/import neither features nor app\//);
    }
    expect(await boundaryErrors('apps/web/src/lib/x.ts', use("import { x } from './format.ts';"))).toEqual([]);
  });

  it('lets app/ compose features', async () => {
    expect(
      await boundaryErrors(
        'apps/web/src/app/routes/x.tsx',
        use("import { x } from '../../features/home/home-leads.ts';"),
      ),
    ).toEqual([]);
  });
});
