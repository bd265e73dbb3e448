#!/usr/bin/env node
// Checks the SPA budgets of ARCHITECTURE §8 on the output of `npm run build`:
// initial JS (the scripts index.html loads) <= 400 KB gzip, every lazily loaded chunk <= 150 KB.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = new URL('../dist/', import.meta.url).pathname;
const INITIAL_BUDGET = 400 * 1024;
const LAZY_BUDGET = 150 * 1024;

const gz = (file) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const initial = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1].replace(/^.*\//, ''));
const lazy = readdirSync(DIST).filter((f) => f.endsWith('.js') && !initial.includes(f));

let failed = false;
const initialSize = initial.reduce((sum, f) => sum + gz(f), 0);
console.log(`initial JS (${initial.join(', ')}): ${kb(initialSize)} gzip (budget ${kb(INITIAL_BUDGET)})`);
if (initialSize > INITIAL_BUDGET) failed = true;

const sizes = lazy.map((f) => [f, gz(f)]).sort((a, b) => b[1] - a[1]);
console.log(`lazy chunks: ${sizes.length}, largest:`);
sizes.slice(0, 8).forEach(([f, s]) => console.log(`  ${kb(s).padStart(9)}  ${f}`));
sizes.forEach(([f, s]) => {
  if (s > LAZY_BUDGET) {
    console.log(`over budget (${kb(LAZY_BUDGET)}): ${f} ${kb(s)}`);
    failed = true;
  }
});
process.exit(failed ? 1 : 0);
