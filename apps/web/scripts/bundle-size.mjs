import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * Run by the web build after Vite (`npm run build`, as CI runs it), or alone after a build with
 * `npm run bench:web-size`: the JavaScript (gzip) the browser
 * loads for every screen of the route table opened cold, read from Vite's build manifest: the entry,
 * the shell for signed-in screens, the screen's lazy chunk, and every chunk they import statically.
 * Exits 1 over budget, so a screen over it fails the build (issue 16: sign-in 120 KB; issue 31:
 * every other screen 200 KB).
 */
const dist = path.resolve(import.meta.dirname, "../dist");
const manifest = JSON.parse(fs.readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
const KB = 1024;

/** Manifest keys of the chunk and everything it imports statically, transitively. */
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}
/** A module's chunk: its own key, or (when another lazy screen shares it) `_<name>-<hash>.js`. */
const byName = (src) => {
  const base = path.basename(src).replace(/\.tsx?$/, "");
  const key = Object.keys(manifest).find((k) => k.endsWith(src) || k.startsWith(`_${base}-`));
  if (!key) throw new Error(`not in the manifest: ${src}`);
  return key;
};
const gzip = (keys) =>
  [...keys]
    .map((k) => manifest[k].file)
    .filter((f) => f.endsWith(".js"))
    .reduce((n, f) => n + gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length, 0);

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const shell = byName("app/shell/app-layout.tsx");

// Every screen in the route table, opened cold (a bookmark or a reload): the entry, the shell for
// the signed-in screens, and the screen's lazy chunk, each with what it imports statically.
const routesSource = fs.readFileSync(path.resolve(import.meta.dirname, "../src/app/routes.tsx"), "utf8");
const lazyPages = [
  ...routesSource.matchAll(/const (\w+) = lazy\(\(\) => import\("\.\.\/(features\/[^"]+)"\)/g),
];
const SIGNED_OUT = new Set(["LoginPage", "ForgotPasswordPage", "ResetPasswordPage", "LogoutPage"]);
const screens = lazyPages.map(([, name, src]) => {
  const signedOut = SIGNED_OUT.has(name);
  return {
    name: `${name} (${signedOut ? "signed out" : "signed in, shell included"})`,
    chunks: signedOut ? [entry, byName(`${src}.tsx`)] : [entry, shell, byName(`${src}.tsx`)],
    // Issue 16: the sign-in page 120 KB; issue 31: every other screen opened cold 200 KB.
    budget: name === "LoginPage" ? 120 : 200,
  };
});
const over = [];
for (const s of screens) {
  const size = gzip(closure(s.chunks)) / KB;
  if (size > s.budget) over.push(s.name);
  console.log(
    `${s.name}: ${size.toFixed(1)} KB gzip JavaScript (budget ${s.budget}) ${size > s.budget ? "✘" : "✔"}`,
  );
}
if (over.length)
  console.error(
    `web budget: ${over.length} screen(s) over budget opened cold — move what the first paint does not need behind lazy() (docs/performance.md): ${over.join(", ")}`,
  );
process.exitCode = over.length ? 1 : 0;
