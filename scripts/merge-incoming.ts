// Merges catalog keys written by parallel work (src/shared/i18n/incoming/<area>.<locale>.json) into the
// message catalogs, then removes the incoming files. Existing keys are kept unless the incoming file
// changes them.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../src/shared/i18n');
const incoming = join(root, 'incoming');
let files: string[] = [];
try {
  files = readdirSync(incoming).filter((f) => f.endsWith('.json'));
} catch {
  files = [];
}
for (const file of files) {
  const locale = file.split('.').at(-2);
  const target = join(root, 'messages', `${locale}.json`);
  const catalog = JSON.parse(readFileSync(target, 'utf8')) as Record<string, string>;
  const added = JSON.parse(readFileSync(join(incoming, file), 'utf8')) as Record<string, string>;
  Object.assign(catalog, added);
  writeFileSync(target, `${JSON.stringify(catalog, null, 2)}\n`);
  rmSync(join(incoming, file));
  console.log(`${file}: ${Object.keys(added).length} keys into ${locale}.json`);
}
