/**
 * cloneTemplate (test/helpers.ts), PostgreSQL only: a copy of a template that another session is
 * still connected to waits for that session to go instead of failing the test file.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

import { cloneTemplate } from './helpers.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('cloneTemplate on PostgreSQL', () => {
  const suffix = randomBytes(4).toString('hex');
  const template = `grove_clone_template_${suffix}`;
  const copy = `grove_clone_copy_${suffix}`;
  const admin = new pg.Client({ connectionString: url });

  afterAll(async () => {
    await admin.query(`drop database if exists ${copy} with (force)`);
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  });

  it('waits while the template is in use, then copies it', async () => {
    await admin.connect();
    await admin.query(`create database ${template}`);
    const target = new URL(url!);
    target.pathname = `/${template}`;
    const lingering = new pg.Client({ connectionString: target.toString() });
    await lingering.connect();
    await lingering.query(`create table kept (id int); insert into kept values (7)`);
    setTimeout(() => void lingering.end(), 700);

    await cloneTemplate(admin, copy, template);

    target.pathname = `/${copy}`;
    const reader = new pg.Client({ connectionString: target.toString() });
    await reader.connect();
    const { rows } = await reader.query('select id from kept');
    await reader.end();
    expect(rows).toEqual([{ id: 7 }]);
  });
});
