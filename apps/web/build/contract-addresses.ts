import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import type { Plugin } from "vite";

const VIRTUAL = "\0loupe-contract-in-the-browser";
// One module per address, so each lands in the chunk of the screens that call it (one module for
// all of them would ride in a shared chunk to the sign-in page).
const ADDRESS = "\0loupe-contract-address:";
const contractSrc = path.resolve(import.meta.dirname, "../../../packages/contract/src");

/**
 * The browser's `@loupe/contract` (issue 31: every screen opened cold ≤ 200 KB gzip). A contract
 * endpoint carries its zod schemas (query, body, answer) for the server and the API document; the
 * web app reads only its address (`api-client.ts`: method, base, path, auth). In the production
 * build every endpoint the app imports becomes that address, a plain object, and every other export
 * (route-query helpers, lists of values, schemas a form really parses) comes from its own file, so a
 * screen that only lists and calls loads no schema and no zod. Type checking, the dev server and the
 * tests keep the real module: the types are the contract's own, so nothing can drift.
 */
export function contractAddresses(): Plugin {
  let source: Promise<{ index: string; addresses: Map<string, string> }> | undefined;
  return {
    name: "loupe-contract-addresses",
    apply: "build",
    // Before Vite's own resolver, which would find the package's real index.ts.
    enforce: "pre",
    resolveId(id, importer) {
      if (id === "@loupe/contract" && importer && !importer.startsWith(contractSrc)) return VIRTUAL;
      if (id.startsWith(ADDRESS)) return id;
      return null;
    },
    async load(id) {
      if (id !== VIRTUAL && !id.startsWith(ADDRESS)) return null;
      source ??= browserContract();
      const { index, addresses } = await source;
      return id === VIRTUAL ? index : addresses.get(id.slice(ADDRESS.length));
    },
  };
}

/** Where each named export of the contract's files is declared (test files left out). */
function declaringFiles(): Map<string, string> {
  const where = new Map<string, string>();
  for (const file of fs.readdirSync(contractSrc)) {
    if (!file.endsWith(".ts") || file.endsWith(".test.ts") || file === "index.ts") continue;
    const text = fs.readFileSync(path.join(contractSrc, file), "utf8");
    for (const m of text.matchAll(/^export (?:const|function|class|let) (\w+)/gm)) where.set(m[1], file);
    // `export { A, B }` and `export { A } from "…"` (the domain's values the contract passes on).
    for (const m of text.matchAll(/^export \{([^}]*)\}/gm))
      for (const name of m[1].split(",").map(
        (n) =>
          n
            .trim()
            .split(/\s+as\s+/)
            .pop() ?? "",
      ))
        if (/^\w+$/.test(name)) where.set(name, file);
  }
  return where;
}

const isAddress = (v: unknown): v is { method: string; base: string; path: string; auth?: boolean } =>
  !!v &&
  typeof v === "object" &&
  typeof (v as { method?: unknown }).method === "string" &&
  typeof (v as { path?: unknown }).path === "string" &&
  typeof (v as { base?: unknown }).base === "string";

async function browserContract(): Promise<{ index: string; addresses: Map<string, string> }> {
  // The contract is TypeScript: bundle it once for Node to read its exports' values.
  const out = await build({
    entryPoints: [path.join(contractSrc, "index.ts")],
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
    logLevel: "silent",
  });
  const tmp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "contract-")), "contract.mjs");
  fs.writeFileSync(tmp, out.outputFiles[0].text);
  const contract: Record<string, unknown> = await import(pathToFileURL(tmp).href);
  fs.rmSync(path.dirname(tmp), { recursive: true, force: true });

  const where = declaringFiles();
  const lines: string[] = [];
  const addresses = new Map<string, string>();
  const byFile = new Map<string, string[]>();
  for (const [name, value] of Object.entries(contract)) {
    if (isAddress(value)) {
      const { method, base, path: p, auth } = value;
      addresses.set(name, `export default ${JSON.stringify({ method, base, path: p, auth })};`);
      lines.push(`export { default as ${name} } from ${JSON.stringify(ADDRESS + name)};`);
      continue;
    }
    const file = where.get(name);
    if (!file) throw new Error(`@loupe/contract: cannot tell which file declares the export ${name}`);
    byFile.set(file, [...(byFile.get(file) ?? []), name]);
  }
  // The package is side-effect free: a file none of whose exports a screen uses is left out.
  for (const [file, names] of byFile)
    lines.push(`export { ${names.join(", ")} } from ${JSON.stringify(path.join(contractSrc, file))};`);
  return { index: lines.join("\n"), addresses };
}
