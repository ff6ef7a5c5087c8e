/**
 * `npm run lint:openapi`: dumps `/docs/json` from the built app (app.inject, no port), lints it
 * with Redocly's recommended ruleset (0 errors required), and generates TypeScript from it with
 * openapi-typescript, failing if any JSON operation comes out without a typed success response.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { dumpOpenApiDocument } from "../apps/server/src/tools/openapi-document";

type Operation = { operationId?: string; responses?: Record<string, { content?: Record<string, unknown> }> };

const doc = await dumpOpenApiDocument();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "loupe-openapi-"));
const file = path.join(dir, "openapi.json");
fs.writeFileSync(file, JSON.stringify(doc, null, 2));
console.log(`API document: ${file}`);

const redocly = path.resolve("node_modules/.bin/redocly");
execFileSync(redocly, ["lint", file, "--extends=recommended", "--format=summary"], { stdio: "inherit" });

const operations = Object.values(doc.paths as Record<string, Record<string, Operation>>).flatMap((p) =>
  Object.values(p),
);
const withoutSuccess = operations.filter(
  (op) => !Object.entries(op.responses ?? {}).some(([code, r]) => /^2/.test(code) && r.content),
);
// Answers that are bytes, not JSON (a file, a contact-lens scan, a label or manifest PDF, the receipt page, a
// record export zip, a tray label or docket PDF, a lens order's .vca record and sheet) have no JSON
// schema; every other operation must have one.
const BINARY = new Set([
  "downloadFile",
  "getContactLensPrescriptionFile",
  "getShippingLabel",
  "getManifestSummary",
  "showReceipt",
  "exportCustomerRecord",
  "showJobPrint",
  "getLensOrderRecord",
  "getLensOrderSheet",
]);
const missing = withoutSuccess.map((op) => op.operationId).filter((id) => !BINARY.has(id));

const types = astToString(await openapiTS(doc as never));
fs.writeFileSync(path.join(dir, "openapi.d.ts"), types);
const typedOps = [...types.matchAll(/^ {4}(\w+): \{\n {8}parameters:/gm)].map((m) => m[1]);
const untyped = typedOps.filter((id) => {
  const start = types.indexOf(`\n    ${id}: {\n`);
  const block = types.slice(start, types.indexOf("\n    };\n", start));
  return !/"?2(\d\d|XX)"?: \{[\s\S]*?"application\/json": \{/.test(block) && !BINARY.has(id);
});

if (missing.length || untyped.length || typedOps.length !== operations.length) {
  console.error("Operations without a documented success response:", missing);
  console.error("Operations whose generated type has no JSON success body:", untyped);
  console.error(`openapi-typescript typed ${typedOps.length} of ${operations.length} operations`);
  process.exit(1);
}
console.log(`openapi-typescript: ${typedOps.length} operations, each with a typed JSON success response.`);
