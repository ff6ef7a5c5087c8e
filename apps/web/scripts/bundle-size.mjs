import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * `node apps/web/scripts/bundle-size.mjs` after `npm run build`: the JavaScript (gzip) the browser
 * loads for the sign-in page and for the first screen after sign-in (the shell and the customers
 * list), read from Vite's build manifest: the entry, the screen's lazy chunks, and every chunk they
 * import statically. Exits 1 over budget (issue 16: 120 KB and 200 KB).
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
const screens = [
  {
    name: "sign-in page (/login)",
    chunks: [entry, byName("features/auth/pages/login-page.tsx")],
    budget: 120,
  },
  {
    name: "first screen after sign-in (/customers)",
    chunks: [
      entry,
      byName("app/shell/app-layout.tsx"),
      byName("features/customers/pages/customers-page.tsx"),
    ],
    budget: 200,
  },
];
let over = false;
for (const s of screens) {
  const size = gzip(closure(s.chunks)) / KB;
  over ||= size > s.budget;
  console.log(
    `${s.name}: ${size.toFixed(1)} KB gzip JavaScript (budget ${s.budget}) ${size > s.budget ? "✘" : "✔"}`,
  );
}
process.exitCode = over ? 1 : 0;
