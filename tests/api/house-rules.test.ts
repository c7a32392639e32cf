/**
 * The house plan's lint rules (ARCHITECTURE.md, eslint.config.js) refuse what they must: each case lints
 * one line as if it were in the named file. Run by the API runner because ESLint's API needs Node.
 * And the tests' map (tests/README.md, "By area") names every test file, so a newcomer finds an area's tests by its name.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { ESLint } from 'eslint';

const eslint = new ESLint();

/** The messages of the restriction rules for `code` placed at `filePath`. */
async function restrictions(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => /no-restricted-(imports|syntax)/.test(m.ruleId ?? '')).map((m) => m.message);
}

const refused = async (filePath: string, code: string, pattern: RegExp) => {
  const messages = await restrictions(filePath, code);
  assert.ok(messages.some((m) => pattern.test(m)), `${filePath}: expected a refusal matching ${pattern}, got ${JSON.stringify(messages)}`);
};
const allowed = async (filePath: string, code: string) => assert.deepEqual(await restrictions(filePath, code), [], filePath);

describe('house rules (lint)', () => {
  it('the core imports no feature, ui or element', async () => {
    await refused('src/core/records/x.ts', "import { a } from '../../features/commitments';\nexport const b = a;\n", /imports nothing above it/);
    await refused('src/core/x.ts', "import { a } from '../ui/hooks';\nexport const b = a;\n", /imports nothing above it/);
    await allowed('src/core/records/x.ts', "import { a } from '../api';\nexport const b = a;\n");
  });

  it('an area reaches another area only through its door, nested areas included', async () => {
    await refused('src/features/direct-costs/x.ts', "import { a } from '../commitments/data';\nexport const b = a;\n", /only through its index/);
    await allowed('src/features/direct-costs/x.ts', "import { a } from '../budget-lines';\nexport const b = a;\n");
    await refused('src/features/risk/slim/x.ts', "import { a } from '../sra/data';\nexport const b = a;\n", /sibling area only through/);
    await refused('src/features/timecards/manage/x.ts', "import { a } from '../../time-off/data';\nexport const b = a;\n", /Another area only through/);
    await allowed('src/features/timecards/manage/x.ts', "import { a } from '../../time-off';\nimport { c } from '../Deadline';\nexport const b = [a, c];\n");
  });

  it('an element imports its area\'s door only, and no other element', async () => {
    await refused('src/elements/pfm-commitments/define.ts', "import { a } from '../../features/commitments/data';\nexport const b = a;\n", /through the door/);
    await refused('src/elements/pfm-commitments/define.ts', "import { a } from '../pfm-buyout/define';\nexport const b = a;\n", /No element imports another/);
    await allowed('src/elements/pfm-commitments/define.ts', "import { a } from '../../features/commitments';\nexport const b = a;\n");
    await allowed('src/elements/tc-manage-timecards/define.ts', "import { a } from '../../features/timecards/manage';\nexport const b = a;\n");
  });

  it('the demo host imports only the core', async () => {
    await refused('demo/host/api/x.ts', "import { a } from '../../../src/features/commitments';\nexport const b = a;\n", /demo\/host imports src\/core only/);
    await refused('demo/host/api/x.ts', "import { a } from '../../../src/ui/hooks';\nexport const b = a;\n", /demo\/host imports src\/core only/);
    await allowed('demo/host/api/x.ts', "import { a } from '../../../src/core/records';\nexport const b = a;\n");
  });

  it('a view asks its data module, never the API client', async () => {
    await refused('src/features/commitments/X.tsx', "import { getJson } from '../../core/api';\nexport const b = getJson;\n", /calls its area's data module/);
    await refused('src/features/timecards/manage/X.tsx', "import { postForm } from '../../../core/api';\nexport const b = postForm;\n", /calls its area's data module/);
    await allowed('src/features/commitments/X.tsx', "import { ApiError } from '../../core/api';\nexport const b = ApiError;\n");
    await allowed('src/features/commitments/data.ts', "import { getJson } from '../../core/api';\nexport const b = getJson;\n");
  });

  it('no /api/ path in a view', async () => {
    await refused('src/features/commitments/X.tsx', "export const p = '/api/pfm/getsubcontracts';\n", /No '\/api\/…' path in a view/);
    await refused('src/features/commitments/X.tsx', 'export const p = (id: number) => `/api/pfm/x/${id}`;\n', /No '\/api\/…' path in a view/);
    await allowed('src/features/commitments/data.ts', "export const p = '/api/pfm/getsubcontracts';\n");
  });
});

/** The test folders in the order of the "By area" table's columns after the area. */
const TEST_FOLDERS = ['unit', 'elements', 'api', 'e2e'] as const;
const isTestFile = (name: string) => /\.(test\.tsx?|spec\.ts)$/.test(name);

describe('house rules (the tests\' map)', () => {
  it('every test file is named in tests/README.md', () => {
    const lines = readFileSync('tests/README.md', 'utf8').split('\n');
    const start = lines.findIndex((line) => line.startsWith('By area'));
    assert.ok(start >= 0, 'tests/README.md has no "By area" table');
    const after = lines.slice(start + 1);
    const first = after.findIndex((line) => line.startsWith('|'));
    const end = after.findIndex((line, i) => i > first && !line.startsWith('|'));
    const rows = after.slice(first + 2, end < 0 ? undefined : end); // past the header row and its |---| line
    const named = new Map<string, string[]>(TEST_FOLDERS.map((folder) => [folder, []]));
    for (const row of rows) {
      const cells = row.split('|').slice(2);
      TEST_FOLDERS.forEach((folder, column) => {
        for (const [, name] of (cells[column] ?? '').matchAll(/`([^`]+)`/g)) if (name) named.get(folder)!.push(name);
      });
    }
    const problems: string[] = [];
    for (const folder of TEST_FOLDERS) {
      const files = readdirSync(`tests/${folder}`).filter(isTestFile);
      const names = named.get(folder)!;
      for (const file of files) if (!names.includes(file)) problems.push(`tests/${folder}/${file} is not named in tests/README.md`);
      for (const name of names) if (!files.includes(name)) problems.push(`tests/README.md names tests/${folder}/${name}, which does not exist`);
      for (const name of new Set(names.filter((n, i) => names.indexOf(n) !== i))) problems.push(`tests/README.md names tests/${folder}/${name} more than once`);
    }
    assert.deepEqual(problems, [], problems.join('\n'));
  });
});
