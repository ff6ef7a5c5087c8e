// The module rules, checked by tools (docs/ARCHITECTURE.md "Module map"; issue 26):
//   1. dependency-cruiser with .dependency-cruiser.cjs: back doors, foreign tables outside
//      *.queries.ts, platform importing modules, web importing the server, domain's libraries;
//   2. a cycle between modules (not only between files): every import between two modules,
//      type-only and foreign-key ones included, is an arrow; a strongly connected group of more
//      than one module is a cycle;
//   3. a write to another module's table: Drizzle's insert/update/delete on a foreign table object
//      or SQL text that writes a table another module declares.
// Prints every violation and a count per rule; exits 1 when there is any. `--counts` prints only
// the counts (the figures in ARCHITECTURE.md come from it).
import fs from "node:fs";
import path from "node:path";
import { cruise } from "dependency-cruiser";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
const require = (await import("node:module")).createRequire(import.meta.url);
const config = require(path.join(root, ".dependency-cruiser.cjs"));
const countsOnly = process.argv.includes("--counts");

const MODULES = "apps/server/src/modules/";
const isTest = (file) => /\.(test|fixtures)\.tsx?$/.test(file) || file.startsWith("apps/server/src/test/");
const moduleOf = (file) => (file.startsWith(MODULES) ? file.slice(MODULES.length).split("/")[0] : null);
const isModuleFolder = (name) => name && !name.endsWith(".ts");

const result = await cruise(
  ["apps/server/src", "apps/web/src", "packages/domain/src", "packages/contract/src"],
  { ruleSet: { forbidden: config.forbidden }, ...config.options, validate: true },
);
const violations = result.output.summary.violations.map((v) => ({
  rule: v.rule.name,
  text: `${v.from} → ${v.to}`,
}));

// Which module declares each table (by SQL name and by Drizzle object name).
const tableOwner = new Map(); // SQL table name → module
const tableObjectOwner = new Map(); // exported table object name → module
for (const file of listFiles(MODULES)) {
  if (!file.endsWith(".tables.ts")) continue;
  const text = fs.readFileSync(file, "utf8");
  for (const m of text.matchAll(/export const (\w+)\s*=\s*pgTable\(\s*"(\w+)"/g)) {
    tableObjectOwner.set(m[1], moduleOf(file));
    tableOwner.set(m[2], moduleOf(file));
  }
}
const moduleSources = listFiles(MODULES)
  .filter((f) => /\.tsx?$/.test(f) && !isTest(f))
  .map((file) => ({ file, own: moduleOf(file), text: withoutComments(fs.readFileSync(file, "utf8")) }));

// A table named in SQL text (`from notes`, `join orders o`) is an import all the same: it counts for
// the cycle check and, outside a *.queries.ts, as a foreign table read.
const sqlReads = [];
for (const { file, own, text } of moduleSources) {
  if (file.endsWith(".tables.ts")) continue;
  for (const m of text.matchAll(/\b(?:from|join)\s+"?([a-z_]+)"?(?![\w./-])/g)) {
    const owner = tableOwner.get(m[1]);
    if (!owner || owner === own) continue;
    sqlReads.push({ from: own, to: owner });
    if (process.env.DEBUG_SQL) console.error(`sql read ${file} ${m[1]} (${owner})`);
    if (!file.endsWith(".queries.ts"))
      violations.push({
        rule: "foreign-table-outside-queries",
        text: `${file}: SQL text reads ${m[1]} of ${owner}`,
      });
  }
}

// 2. Module cycles, from the same import graph (tests left out: they may reach anything).
const graph = new Map();
for (const mod of result.output.modules) {
  const from = moduleOf(mod.source);
  if (!isModuleFolder(from) || isTest(mod.source)) continue;
  if (!graph.has(from)) graph.set(from, new Set());
  for (const dep of mod.dependencies) {
    const to = moduleOf(dep.resolved);
    if (isModuleFolder(to) && to !== from) graph.get(from).add(to);
  }
}
for (const { from, to } of sqlReads) {
  if (!graph.has(from)) graph.set(from, new Set());
  graph.get(from).add(to);
}
for (const group of stronglyConnected(graph)) {
  if (group.length > 1) violations.push({ rule: "module-cycle", text: group.sort().join(" ↔ ") });
}

// 3. Writes to another module's tables: Drizzle's builders, and SQL text (a table's name or an
// interpolated table object after insert into / update / delete from).
for (const { file, own, text } of moduleSources) {
  if (file.endsWith(".tables.ts")) continue;
  for (const m of text.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*[,)]/g)) {
    const owner = tableObjectOwner.get(m[2]);
    if (owner && owner !== own) {
      violations.push({ rule: "write-to-foreign-table", text: `${file}: ${m[1]}(${m[2]}) of ${owner}` });
    }
  }
  for (const m of text.matchAll(/\b(insert\s+into|update|delete\s+from)\s+(?:"?(\w+)"?|\$\{(\w+)\})/gi)) {
    const owner = m[2] ? tableOwner.get(m[2]) : tableObjectOwner.get(m[3]);
    if (owner && owner !== own) {
      violations.push({
        rule: "write-to-foreign-table",
        text: `${file}: ${m[1]} ${m[2] ?? m[3]} of ${owner}`,
      });
    }
  }
}

const counts = new Map();
for (const v of violations) counts.set(v.rule, (counts.get(v.rule) ?? 0) + 1);
if (!countsOnly) for (const v of violations) console.error(`  ${v.rule}: ${v.text}`);
for (const [rule, n] of [...counts].sort()) console.error(`${String(n).padStart(5)} ${rule}`);
if (violations.length) {
  console.error(`module rules: ${violations.length} violations (docs/ARCHITECTURE.md, "Module map")`);
  process.exit(1);
}
console.log(
  `module rules: 0 violations (${result.output.summary.totalCruised} files, ${graph.size} modules, no module cycle)`,
);

/** Source text without its comments, so a sentence like "read from notes" is not a query. */
function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

function listFiles(dir) {
  return fs
    .readdirSync(dir, { recursive: true })
    .map((f) => path.join(dir, f).split(path.sep).join("/"))
    .filter((f) => fs.statSync(f).isFile());
}

// Tarjan's algorithm: the groups of modules that reach each other.
function stronglyConnected(edges) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const groups = [];
  const visit = (v) => {
    state.set(v, { index, low: index, onStack: true });
    index++;
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!state.has(w)) {
        visit(w);
        state.get(v).low = Math.min(state.get(v).low, state.get(w).low);
      } else if (state.get(w).onStack) {
        state.get(v).low = Math.min(state.get(v).low, state.get(w).index);
      }
    }
    if (state.get(v).low === state.get(v).index) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        state.get(w).onStack = false;
        group.push(w);
      } while (w !== v);
      groups.push(group);
    }
  };
  for (const v of edges.keys()) if (!state.has(v)) visit(v);
  return groups;
}
