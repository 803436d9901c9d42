/**
 * Issue 28 §2: a client generated from the published document works. openapi-typescript turns the
 * running server's GET /api/docs/json into types in a temporary folder; a small client written
 * against them (fixtures/generated-client/client.ts) must type-check with tsc's API, including the
 * calls the types must refuse; then, with openapi-fetch against the server listening on 127.0.0.1,
 * it signs in as a parent, lists the family's players, reads one's overview and gets a 400 with
 * field messages for a bad write — typed by the document's shared FieldErrors schema.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../src/config.ts';
import { players } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { createParent } from './factories.ts';
import { createTestContext, type TestContext } from './helpers.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PASSWORD = 'Generated-Client-7';

/** fixtures/generated-client/client.ts's journey (its types exist only beside the generated schema). */
type Journey = (
  baseUrl: string,
  email: string,
  password: string,
) => Promise<{
  userId: number;
  accountId: number;
  playerNames: string[];
  overview: { playerId: number; name: string; goalMinutes: number; acorns: number };
  refusal: { status: number; name: string[] | undefined; nonField: string[] | undefined };
}>;

let t: TestContext;
let baseUrl: string;
let folder: string;

beforeAll(async () => {
  t = await createTestContext();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  // Inside the repository (its .tmp is ignored by git) so that the client resolves openapi-fetch.
  folder = path.join(ROOT_DIR, '.tmp', `generated-client-${randomBytes(4).toString('hex')}`);
  await fs.mkdir(folder, { recursive: true });
});

afterAll(async () => {
  await t?.close();
  if (folder) await fs.rm(folder, { recursive: true, force: true });
});

/** tsc's verdict on the client and the generated schema, with the repository's compiler options. */
function typeCheck(file: string): string[] {
  const base = ts.readConfigFile(path.join(ROOT_DIR, 'tsconfig.base.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(base.config, ts.sys, ROOT_DIR);
  const program = ts.createProgram([file], { ...options, lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'], noEmit: true });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file
      ? `${path.basename(diagnostic.file.fileName)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}: `
      : '';
    return where + ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  });
}

describe('a client generated from /api/docs/json', () => {
  it('type-checks, signs in, reads an overview and gets typed field messages for a bad write', async () => {
    const ast = await openapiTS(new URL('/api/docs/json', baseUrl));
    const schema = astToString(ast);
    expect(schema).toContain('FieldErrors');
    await fs.writeFile(path.join(folder, 'schema.ts'), schema);
    const client = path.join(folder, 'client.ts');
    await fs.copyFile(path.join(HERE, 'fixtures', 'generated-client', 'client.ts'), client);

    expect(typeCheck(client)).toEqual([]);

    const parent = await createParent(t.db, {
      players: ['Robin'],
      user: { passwordHash: await hashPassword(PASSWORD) },
    });
    const robin = parent.players[0]!;
    const { journey } = (await import(pathToFileURL(client).href)) as { journey: Journey };
    const result = await journey(baseUrl, parent.user.email, PASSWORD);

    expect(result.userId).toBe(parent.user.id);
    expect(result.accountId).toBe(parent.account.id);
    expect(result.playerNames).toEqual(['Robin']);
    expect(result.overview).toMatchObject({ playerId: robin.id, name: 'Robin', acorns: 0 });
    expect(result.overview.goalMinutes).toBeGreaterThan(0);
    expect(result.refusal.status).toBe(400);
    expect(result.refusal.name).toEqual([expect.any(String)]);
    expect(result.refusal.nonField).toBeUndefined();
    const [stored] = await t.db.select().from(players).where(eq(players.id, robin.id));
    expect(stored!.name).toBe('Robin');
  });
});
