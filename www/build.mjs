// Builds www/dist/: bundles src/editor.js (IIFE, minified) and copies the static files, leaving the wasm-bindgen output in place.
import { build } from 'esbuild';
import { copyFile, mkdir, readFile, writeFile, access } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = dirname(fileURLToPath(import.meta.url));
const dist = join(root, 'dist');
const STATIC = ['index.html', 'theme.js', 'main.js', 'style.css', 'worker.js', 'favicon.ico', 'favicon.svg'];

// dist/ is never wiped: irplay_web.js and irplay_web_bg.wasm are written there by the Rust build.
await mkdir(dist, { recursive: true });

const result = await build({
  absWorkingDir: root,
  entryPoints: ['src/editor.js'],
  outfile: 'dist/editor.js',
  bundle: true,
  format: 'iife',
  minify: true,
  target: ['es2020'],
  legalComments: 'none',
  banner: { js: '/*! irplay editor bundle (CodeMirror 6, MIT); licenses: editor.js.LICENSES.txt */' },
  metafile: true,
  logLevel: 'warning',
});

// The licenses of the packages that ended up in the bundle.
const packages = new Set();
for (const input of Object.keys(result.metafile.inputs)) {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (m) packages.add(m[1]);
}
let licenses = 'Third-party software bundled into editor.js:\n';
for (const name of [...packages].sort()) {
  const dir = join(root, 'node_modules', name);
  const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
  let text = '';
  for (const f of ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'license']) {
    try { text = await readFile(join(dir, f), 'utf8'); break; } catch { /* try the next name */ }
  }
  licenses += `\n==== ${name}@${pkg.version} (${pkg.license}) ====\n${text.trim() || pkg.license}\n`;
}
await writeFile(join(dist, 'editor.js.LICENSES.txt'), licenses);

for (const f of STATIC) {
  const src = join(root, f);
  try { await access(src); } catch { continue; } // optional files (favicons)
  await copyFile(src, join(dist, f));
}

const bundle = await readFile(join(dist, 'editor.js'));
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`dist/editor.js: ${kib(bundle.length)} minified, ${kib(gzipSync(bundle, { level: 9 }).length)} gzip`);
