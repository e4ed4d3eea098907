import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// `npm run lint` applies eslint.config.js to src/: a comparison with a dialect's name there is an error, so
// what a dialect does differently stays on its dialect object (src/load/dialects/warehouse-dialect.ts).
const root = fileURLToPath(new URL('../..', import.meta.url));

async function restricted(code: string, file = 'src/load/planted.ts'): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => `${m.line}: ${m.message}`);
}

describe('dialect names are never compared in src (eslint.config.js)', () => {
  it('reports ===, !==, a name on either side, and a switch case', async () => {
    const found = await restricted(
      [
        "declare const db: { dialect: 'sqlite' | 'postgres' };",
        "export const a = db.dialect === 'sqlite';",
        "export const b = 'postgres' !== db.dialect;",
        'export function c(): number {',
        '  switch (db.dialect) {',
        "    case 'postgres':",
        '      return 1;',
        '    default:',
        '      return 0;',
        '  }',
        '}',
      ].join('\n'),
    );
    expect(found.map((f) => f.split(':')[0])).toEqual(['2', '3', '6']);
    expect(found[0]).toContain('the dialect object on the handle (db.dialect');
  });

  it('allows naming a dialect where nothing compares it', async () => {
    expect(
      await restricted("export const d = { name: 'sqlite' as const, other: 'postgres' };\nexport const e = 'sqlite:./relsync.db'.startsWith('sqlite:');"),
    ).toEqual([]);
  });

  it('leaves tests free to branch on the dialect under test', async () => {
    expect(await restricted("declare const dialect: string;\nexport const a = dialect === 'sqlite';", 'test/unit/planted.test.ts')).toEqual([]);
  });
});
