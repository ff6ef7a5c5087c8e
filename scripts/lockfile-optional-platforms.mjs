// Keeps package-lock.json acceptable to `npm ci` when the registry cannot serve some of an optional
// package's other-platform binaries (Biome's, on this project's registry mirror).
//
// npm >= 11.16 then leaves those packages out of the lockfile it writes, and its own `npm ci`
// refuses that lockfile ("Missing: @biomejs/cli-…@ from lock file", npm/cli#9846). An entry with
// version, os, cpu (and libc) and `optional` is enough for both: `npm ci` validates, skips it on
// other platforms, and a later `npm install` keeps it as written. Run after changing dependencies:
//   node scripts/lockfile-optional-platforms.mjs          (adds what is missing)
//   node scripts/lockfile-optional-platforms.mjs --check  (fails if something is missing)
import fs from "node:fs";
import path from "node:path";

const lockPath = path.resolve(import.meta.dirname, "../package-lock.json");
const platforms = {
  "android-arm64": { os: "android", cpu: "arm64" },
  "android-x64": { os: "android", cpu: "x64" },
  "darwin-arm64": { os: "darwin", cpu: "arm64" },
  "darwin-x64": { os: "darwin", cpu: "x64" },
  "linux-arm64": { os: "linux", cpu: "arm64", libc: "glibc" },
  "linux-arm64-musl": { os: "linux", cpu: "arm64", libc: "musl" },
  "linux-x64": { os: "linux", cpu: "x64", libc: "glibc" },
  "linux-x64-musl": { os: "linux", cpu: "x64", libc: "musl" },
  "win32-arm64": { os: "win32", cpu: "arm64" },
  "win32-x64": { os: "win32", cpu: "x64" },
};

const lock = JSON.parse(fs.readFileSync(lockPath, "utf8"));
const pkgs = lock.packages;
const missing = [];
for (const [key, entry] of Object.entries(pkgs)) {
  if (!key.endsWith("node_modules/@biomejs/biome")) continue;
  const base = key.slice(0, -"biome".length);
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const platform = platforms[name.replace("@biomejs/cli-", "")];
    const at = `${base}${name.slice("@biomejs/".length)}`;
    if (pkgs[at] || !platform) continue;
    missing.push(at);
    pkgs[at] = {
      version,
      cpu: [platform.cpu],
      ...(entry.dev ? { dev: true } : {}),
      ...(platform.libc ? { libc: [platform.libc] } : {}),
      license: entry.license,
      optional: true,
      os: [platform.os],
      ...(entry.engines ? { engines: entry.engines } : {}),
    };
  }
}

if (process.argv.includes("--check")) {
  if (missing.length) {
    console.error(
      `package-lock.json lacks ${missing.join(", ")}: run node scripts/lockfile-optional-platforms.mjs`,
    );
    process.exit(1);
  }
  process.exit(0);
}
// npm writes packages sorted by path; keep that order so a later `npm install` changes nothing.
lock.packages = Object.fromEntries(
  Object.entries(pkgs).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b, "en"))),
);
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(missing.length ? `added ${missing.join(", ")}` : "nothing to add");
