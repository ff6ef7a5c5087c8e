// Fails when the Drizzle schema has changes no committed migration covers (DESIGN rule 10):
// generates into a scratch copy of the migrations folder and checks that nothing new appears.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const migrations = path.join(root, "apps/server/drizzle");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "loupe-migrations-"));
fs.cpSync(migrations, scratch, { recursive: true });
const config = path.join(scratch, "drizzle.check.config.mjs");
fs.writeFileSync(
  config,
  `export default { dialect: "postgresql", schema: ${JSON.stringify(path.join(root, "apps/server/src/schema.ts"))}, out: ${JSON.stringify(scratch)} };\n`,
);
const before = new Set(fs.readdirSync(scratch));
execFileSync("npx", ["drizzle-kit", "generate", "--config", config, "--name", "drift"], {
  cwd: root,
  stdio: ["ignore", "pipe", "pipe"],
});
const added = fs.readdirSync(scratch).filter((f) => !before.has(f) && f.endsWith(".sql"));
fs.rmSync(scratch, { recursive: true, force: true });
if (added.length) {
  console.error("The schema has changes without a migration. Run: npm run db:generate -- --name <change>");
  process.exit(1);
}
console.log("migrations match the schema");
