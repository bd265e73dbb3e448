// Reads the cells of a downloaded xlsx as the file holds them, for the scenarios that check an export
// to the cent: no spreadsheet library in the tree, and none needed. An xlsx is a zip of XML parts; the
// first sheet's cells are numbers, shared strings or inline strings.
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';

/** The parts of a zip by name, from its central directory (stored or deflated entries). */
function unzip(file: Buffer): Map<string, Buffer> {
  const parts = new Map<string, Buffer>();
  let end = file.length - 22;
  while (end >= 0 && file.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error('not a zip: no end of central directory');
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  for (let i = 0; i < count; i += 1) {
    const method = file.readUInt16LE(at + 10);
    const size = file.readUInt32LE(at + 20);
    const nameLength = file.readUInt16LE(at + 28);
    const extraLength = file.readUInt16LE(at + 30);
    const commentLength = file.readUInt16LE(at + 32);
    const local = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    const data = file.subarray(start, start + size);
    parts.set(name, method === 0 ? data : inflateRawSync(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return parts;
}

const unescape = (s: string) =>
  s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** The text of every `<t>` run of an XML fragment (a rich string has several). */
const runs = (xml: string) => [...xml.matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)].map((m) => unescape(m[1])).join('');

/**
 * The first sheet of the xlsx at `path` as rows of cell texts, by column letter position: a number as
 * its stored digits ("6800.5"), a string as its text, an empty cell as "".
 */
export function readSheet(path: string): string[][] {
  const parts = unzip(readFileSync(path));
  const shared = [...(parts.get('xl/sharedStrings.xml')?.toString('utf8') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => runs(m[1]));
  const sheet = parts.get('xl/worksheets/sheet1.xml')?.toString('utf8');
  if (!sheet) throw new Error(`${path}: no first sheet`);
  const column = (ref: string) => [...ref.replace(/\d+$/, '')].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
  return [...sheet.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)].map((r) => {
    const cells: string[] = [];
    for (const c of r[1].matchAll(/<c r="([A-Z]+\d+)"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const [, ref, attrs, inner = ''] = c;
      const type = /t="(\w+)"/.exec(attrs)?.[1];
      const value = /<v>([^<]*)<\/v>/.exec(inner)?.[1] ?? '';
      const text = type === 's' ? shared[Number(value)] : type === 'inlineStr' ? runs(inner) : unescape(value);
      const i = column(ref);
      while (cells.length < i) cells.push('');
      cells[i] = text ?? '';
    }
    return cells;
  });
}
