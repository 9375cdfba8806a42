import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { literalWords } from '../helpers/consoleWords';

/**
 * The console's words live in each area's i18n.ts (src/i18n/en.ts for the shell) and reach the screen through
 * translate(). This finds English typed straight into components: JSX text, and the attributes a user reads or hears.
 */
const root = join(__dirname, '../..');

function tsxUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const path = join(dir, f);
    return statSync(path).isDirectory() ? tsxUnder(path) : f.endsWith('.tsx') ? [path] : [];
  });
}

describe("the console's words", () => {
  it('finds JSX text and a literal label, and not a translated one', () => {
    const code = `const A = () => <><Button label="Save">Back</Button><T label={translate('resources.x.y')} /><F label="grandTotal" />{'  '}</>;`;
    expect(literalWords('a.tsx', code)).toEqual(['1: Save', '1: Back']);
  });

  it('are all in i18n: no component holds words of its own', () => {
    const typed: string[] = [];
    for (const path of [...tsxUnder(join(root, 'resources')), ...tsxUnder(join(root, 'src'))]) {
      const file = relative(root, path);
      const words = literalWords(file, readFileSync(path, 'utf8'));
      if (words.length) typed.push(`${file}: ${words.join(' | ')}`);
    }
    expect(typed).toEqual([]);
  });
});
