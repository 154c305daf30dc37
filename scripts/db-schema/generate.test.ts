// What keeps supabase/schema.sql byte-stable and the app's own: the lines pg_dump changes from run to run
// are dropped, the SET lines it places before the first table move to the top, and entries the bootstrap
// alone dumps identically are left out. (The real dump is checked in test/integration/db/schema-sql.test.ts.)
import { expect, it } from 'vitest';
import { collapseFamilies, parseDump, schemaSql } from './generate';

const entry = (name: string, body: string) =>
  `--\n-- Name: ${name}; Type: X; Schema: s; Owner: -\n--\n\n${body}\n\n\n`;
const dump = (key: string, ...entries: string[]) =>
  [
    '--\n-- PostgreSQL database dump\n--\n',
    `\\restrict ${key}\n`,
    '-- Dumped from database version 15.18\n-- Dumped by pg_dump version 15.18\n',
    'SET statement_timeout = 0;\n\n',
    ...entries,
    '--\n-- PostgreSQL database dump complete\n--\n\n',
    `\\unrestrict ${key}\n`,
  ].join('');

it('drops the restrict key and version lines, and splits the entries', () => {
  const parsed = parseDump(dump('k1', entry('a', 'CREATE A;'), entry('b', 'CREATE B;')));
  expect(parsed.settings).toBe('SET statement_timeout = 0;');
  expect(parsed.entries).toEqual([
    '--\n-- Name: a; Type: X; Schema: s; Owner: -\n--\n\nCREATE A;\n',
    '--\n-- Name: b; Type: X; Schema: s; Owner: -\n--\n\nCREATE B;\n',
  ]);
});

it('keeps only what the migrations added or changed, the same text whatever the run', () => {
  const tablespace = "SET default_tablespace = '';";
  const base = dump('k1', entry('boot', `CREATE BOOT;\n\n${tablespace}`), entry('changed', 'GRANT 1;'));
  const app = (key: string) =>
    dump(
      key,
      entry('boot', 'CREATE BOOT;'),
      entry('app', `CREATE APP;\n\n${tablespace}`),
      entry('changed', 'GRANT 2;'),
    );
  const roles = "CREATE ROLE anon;\nALTER ROLE anon SET statement_timeout TO '3s';\n";
  const first = schemaSql(base, app('k2'), roles);
  expect(first).toBe(schemaSql(base, app('k3'), roles));
  expect(first).not.toContain('CREATE BOOT');
  expect(first).toContain('CREATE APP;\n');
  expect(first).toContain('GRANT 2;');
  expect(first).not.toMatch(/restrict|Dumped/);
  expect(first).toContain(`SET statement_timeout = 0;\n${tablespace}`);
  expect(first).toContain("ALTER ROLE anon SET statement_timeout TO '3s';");
  expect(first).not.toContain('CREATE ROLE');
});

it('shows a numbered family of equal sequences once, and keeps a member that differs', () => {
  const seq = (n: string, extra = '') =>
    `--\n-- Name: cells_${n}; Type: SEQUENCE; Schema: g; Owner: -\n--\n\nCREATE SEQUENCE g.cells_${n}\n    START WITH 1${extra};\n`;
  const other = '--\n-- Name: t; Type: TABLE; Schema: g; Owner: -\n--\n\nCREATE TABLE g.t ();\n';
  const collapsed = collapseFamilies([seq('0000'), seq('0001'), seq('0002'), other]);
  expect(collapsed).toEqual([
    seq('0000'),
    '--\n-- Name: cells_0002; Type: SEQUENCE; Schema: g; Owner: -\n--\n\n' +
      '-- 2 more, g.cells_* up to cells_0002: each as cells_0000 above.\n',
    other,
  ]);
  expect(collapseFamilies([seq('0000'), seq('0001', ' CYCLE'), seq('0002')])).toEqual([
    seq('0000'),
    seq('0001', ' CYCLE'),
    seq('0002'),
  ]);
});
