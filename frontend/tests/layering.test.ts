// The web app's layers, read from the import lines of src/: pages use components and services,
// components use services, services use neither. A service that imports a UI folder drags React into
// every caller, and a shared component that imports a page ties every screen to that page.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** Every source file of src/, without Umi's generated folders. */
function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.umi') ? [] : sources(full);
    return /\.(ts|tsx|js|jsx|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** The src-relative folder path (`services/system/user.ts`) of every file a source imports from src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]);
  return specifiers.flatMap((spec) => {
    if (spec.startsWith('@/')) return [spec.slice(2)];
    if (spec.startsWith('.')) {
      const target = relative(SRC, resolve(dirname(file), spec));
      return target.startsWith('..') ? [] : [target.split(sep).join('/')];
    }
    return [];
  });
}

/** `from → to` for every import from a file under `layer` into one of `forbidden`. */
function crossings(files: string[], layer: string, forbidden: string[]): string[] {
  return files
    .filter((file) => relative(SRC, file).split(sep)[0] === layer)
    .flatMap((file) =>
      importsOf(file)
        .filter((target) => forbidden.includes(target.split('/')[0]))
        .map((target) => `${relative(SRC, file).split(sep).join('/')} → ${target}`),
    );
}

describe('the layers of src/', () => {
  const files = sources();

  it('finds the source files it checks', () => {
    expect(files.some((f) => f.endsWith(join('services', 'crud.ts')))).toBe(true);
    expect(files.some((f) => f.endsWith(join('components', 'Crud', 'index.ts')))).toBe(true);
  });

  it('keeps services free of components and pages', () => {
    expect(crossings(files, 'services', ['components', 'pages'])).toEqual([]);
  });

  it('keeps shared components free of pages', () => {
    expect(crossings(files, 'components', ['pages'])).toEqual([]);
  });
});
