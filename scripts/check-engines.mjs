// Fails when an installed package declares an engines.node range that the project's oldest
// supported Node version does not satisfy (the root package.json engines.node, e.g. ">=20.19"),
// nor the Node 24 that CI runs the tests on too, when GROVE_NODE24 names its binary (.ci/run).
// Walks every node_modules folder: the root's, the workspaces', and the ones nested in packages.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function isDirectory(entry) {
  try {
    return fs.statSync(entry).isDirectory();
  } catch {
    return false;
  }
}

const rootManifest = readJson(path.join(ROOT, 'package.json'));
const supportedRange = rootManifest?.engines?.node;
const oldest = supportedRange ? semver.minVersion(supportedRange) : null;
if (!oldest) {
  console.error('check-engines: the root package.json has no usable engines.node range');
  process.exit(1);
}
/** The Node versions every package must allow: the oldest supported, and CI's Node 24 (exact version). */
const versions = [oldest.version];
if (process.env.GROVE_NODE24) {
  const tested = semver.clean(execFileSync(process.env.GROVE_NODE24, ['--version'], { encoding: 'utf8' }));
  if (!tested || !semver.satisfies(tested, supportedRange)) {
    console.error(`check-engines: GROVE_NODE24 is Node ${tested}, outside the root engines.node "${supportedRange}"`);
    process.exit(1);
  }
  versions.push(tested);
}

/** Folders of the workspaces named in the root package.json ("dir" or "dir/*"). */
function workspaceFolders() {
  const folders = [];
  for (const pattern of rootManifest.workspaces ?? []) {
    if (pattern.endsWith('/*')) {
      const parent = path.join(ROOT, pattern.slice(0, -2));
      if (!isDirectory(parent)) continue;
      for (const name of fs.readdirSync(parent)) {
        if (isDirectory(path.join(parent, name))) folders.push(path.join(parent, name));
      }
    } else {
      folders.push(path.join(ROOT, pattern));
    }
  }
  return folders;
}

const seen = new Set();
const problems = [];
let checked = 0;

function checkPackage(dir) {
  let real;
  try {
    real = fs.realpathSync(dir);
  } catch {
    return;
  }
  // Workspace links (node_modules/@grove/*) point back into the repository: those are walked as workspaces.
  if (seen.has(real) || !real.includes(`${path.sep}node_modules${path.sep}`)) return;
  seen.add(real);

  const manifest = readJson(path.join(real, 'package.json'));
  if (manifest) {
    checked += 1;
    const range = manifest.engines?.node;
    if (range !== undefined) {
      const valid = typeof range === 'string' ? semver.validRange(range) : null;
      if (!valid) {
        problems.push(
          `${manifest.name}@${manifest.version} (${path.relative(ROOT, dir)}): engines.node ${JSON.stringify(range)} is not a valid range`,
        );
      } else {
        for (const version of versions.filter((v) => !semver.satisfies(v, valid))) {
          problems.push(
            `${manifest.name}@${manifest.version} (${path.relative(ROOT, dir)}): engines.node "${range}" excludes Node ${version}`,
          );
        }
      }
    }
  }
  walkNodeModules(path.join(dir, 'node_modules'));
}

function walkNodeModules(folder) {
  if (!isDirectory(folder)) return;
  for (const name of fs.readdirSync(folder)) {
    if (name.startsWith('.')) continue; // .bin, .package-lock.json, .vite …
    const entry = path.join(folder, name);
    if (name.startsWith('@')) {
      if (!isDirectory(entry)) continue;
      for (const scoped of fs.readdirSync(entry)) checkPackage(path.join(entry, scoped));
    } else {
      checkPackage(entry);
    }
  }
}

for (const folder of [ROOT, ...workspaceFolders()]) walkNodeModules(path.join(folder, 'node_modules'));

if (problems.length > 0) {
  console.error(
    `check-engines: ${problems.length} problem(s) with installed packages and Node ${versions.join(' and ')} (root engines.node "${supportedRange}"):`,
  );
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(
  `check-engines: ${checked} installed packages all allow Node ${versions.join(' and ')} (root engines.node "${supportedRange}")`,
);
