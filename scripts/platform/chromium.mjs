/**
 * The browser the browser tests drive: the headless Chromium that @sparticuz/chromium carries inside
 * the package, compressed, with the few libraries it links (NSS) and a font. It is unpacked once per
 * version into node_modules/.cache, so `npm ci` is all a machine needs. CHROMIUM_PATH names another
 * build instead, such as Debian's headless shell (/usr/lib/chromium/chromium-headless-shell), which
 * uses the machine's own libraries and fonts.
 *
 * Run as a script, prints the path of the build to run, unpacking it first if needed.
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, createBrotliDecompress } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const packageDir = join(root, 'node_modules/@sparticuz/chromium');

/** The path of the Chromium to launch: CHROMIUM_PATH, or the package's build, unpacked if it is not yet. */
export async function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const cache = join(root, 'node_modules/.cache/chromium');
  const dir = join(cache, version);
  const binary = join(dir, 'chromium');
  if (existsSync(binary)) return binary;
  // Unpacked beside, then renamed into place in one step: a run cut off half-way, or another shard
  // unpacking at the same moment, never leaves a partial browser where the next launch looks.
  mkdirSync(cache, { recursive: true });
  const work = mkdtempSync(join(cache, `${version}-`));
  try {
    await Promise.all([
      pipeline(
        createReadStream(join(packageDir, 'bin/chromium.br')),
        createBrotliDecompress(),
        createWriteStream(join(work, 'chromium'), { mode: 0o755 }),
      ),
      untar(join(packageDir, 'bin/al2023.tar.br'), work),
      untar(join(packageDir, 'bin/fonts.tar.br'), work),
    ]);
    // The package's own font settings name folders on AWS Lambda; these name the unpacked ones.
    await writeFile(
      join(work, 'fonts.conf'),
      `<?xml version="1.0"?>\n<fontconfig><dir>${dir}/fonts</dir>` +
        `<cachedir>${dir}/fonts-cache</cachedir></fontconfig>\n`,
    );
    await rename(work, dir);
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    if (!existsSync(binary)) throw error;
  }
  return binary;
}

/** Unpacks a brotli-compressed tar (a small one) into `into` with the system's tar. */
async function untar(file, into) {
  const tarFile = join(into, basename(file, '.br'));
  await writeFile(tarFile, brotliDecompressSync(await readFile(file)));
  const { status, stderr } = spawnSync('tar', ['-x', '-f', tarFile, '-C', into], { encoding: 'utf8' });
  if (status !== 0) throw new Error(`tar could not unpack ${file}: ${stderr}`);
  await rm(tarFile);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await chromiumPath());
