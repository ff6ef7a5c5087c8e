// Bundles the server for production: `node apps/server/dist/main.js`.
// The workspace packages (@loupe/*) ship TypeScript sources, which Node 20 cannot run, so they are
// bundled in; every third-party package stays external and loads from node_modules as usual (native
// ones like sharp and argon2, and those that read files beside themselves, like PGlite and pdfkit;
// the PDF fonts too: platform/pdf resolves `dejavu-fonts-ttf` and the Noto fallbacks (`@embedpdf/fonts-*`,
// `@expo-google-fonts/noto-sans-*`) from node_modules, no OS font path).
import path from "node:path";
import { build } from "esbuild";

const here = import.meta.dirname;

/** @type {import("esbuild").Plugin} */
const externalThirdParty = {
  name: "external-third-party",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("@loupe/") || path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

// main.js serves; audit-verify.js (`npm run audit:verify`) and db-migrate.js (`npm run db:migrate`)
// run from the same production install, without dev dependencies such as tsx.
await build({
  entryPoints: {
    main: path.join(here, "src/main.ts"),
    "audit-verify": path.join(here, "src/access-log-verify.ts"),
    "db-migrate": path.join(here, "src/db-migrate.ts"),
  },
  outdir: path.join(here, "dist"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: true,
  plugins: [externalThirdParty],
  logLevel: "warning",
});
