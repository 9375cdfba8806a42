import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { literalWords } from '../helpers/consoleWords';

/**
 * The console's words live in each area's i18n.ts (src/i18n/en.ts for the shell) and reach the screen through
 * translate(). This finds English typed straight into components: JSX text, and the attributes a user reads or hears.
 * The live boards and the orders and bookings areas have their own pass, so they are left out here.
 */
const root = join(__dirname, '../..');
const skipped = /^(resources\/(orders|bookings)\/|src\/components\/live\/)/;

/**
 * Files that still hold words of their own, with how many: the count may only go down. Moving a file's words into
 * i18n lowers its number here; a file not listed may hold none.
 */
const STILL_TO_MOVE: Record<string, number> = {
  'src/App.tsx': 1,
  'src/components/AccountShell.tsx': 3,
  'src/components/forms/ListEditor.tsx': 3,
  'src/layout/Brand.tsx': 1,
  'src/layout/PlatformBreadcrumb.tsx': 1,
  'src/layout/ShopArea.tsx': 1,
};

function tsxUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const path = join(dir, f);
    return statSync(path).isDirectory() ? tsxUnder(path) : f.endsWith('.tsx') ? [path] : [];
  });
}

describe("the console's words", () => {
  it('finds JSX text and a literal label, and not a translated one', () => {
    const code = `const A = () => <><Button label="Save">Back</Button><T label={translate('resources.x.y')} />{'  '}</>;`;
    expect(literalWords('a.tsx', code)).toEqual(['1: Save', '1: Back']);
  });

  it('are in i18n, except in the files still listed, and those hold no more than listed', () => {
    const grown: string[] = [];
    for (const path of [...tsxUnder(join(root, 'resources')), ...tsxUnder(join(root, 'src'))]) {
      const file = relative(root, path);
      if (skipped.test(file)) continue;
      const words = literalWords(file, readFileSync(path, 'utf8'));
      if (words.length > (STILL_TO_MOVE[file] ?? 0))
        grown.push(`${file} (${words.length}, listed ${STILL_TO_MOVE[file] ?? 0}): ${words.join(' | ')}`);
    }
    expect(grown).toEqual([]);
  });
});
