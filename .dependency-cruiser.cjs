// The module rules of docs/ARCHITECTURE.md, checked on every `npm test` (scripts/check-modules.mjs
// runs this configuration and adds the two checks dependency-cruiser cannot express: a write to
// another module's table, and a cycle between modules rather than between files).
const MODULES = "^apps/server/src/modules/";
// Test files and the test support may reach anything: they build fixtures and assert rows.
const TESTS = ["\\.(test|fixtures)\\.tsx?$", "^apps/server/src/test/", "^apps/web/src/test/"];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "module-back-door",
      comment:
        "Another module is used only through its index.ts (its front door). Export what you need from there.",
      severity: "error",
      from: { path: `${MODULES}([^/]+)/`, pathNot: TESTS },
      to: {
        path: `${MODULES}[^/]+/`,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`, "\\.tables\\.ts$"],
      },
    },
    {
      name: "foreign-table-outside-queries",
      comment:
        "Another module's tables are read only in a *.queries.ts file (and referenced by foreign keys in *.tables.ts).",
      severity: "error",
      from: {
        path: `${MODULES}([^/]+)/`,
        pathNot: [...TESTS, "\\.queries\\.ts$", "\\.tables\\.ts$"],
      },
      to: { path: `${MODULES}[^/]+/[^/]+\\.tables\\.ts$`, pathNot: [`${MODULES}$1/`] },
    },
    {
      name: "platform-uses-no-module",
      comment: "platform/ and integrations/ are plumbing below every module; they never import one.",
      severity: "error",
      from: { path: "^apps/server/src/(platform|integrations)/", pathNot: TESTS },
      to: { path: MODULES },
    },
    {
      name: "outside-into-module-files",
      comment:
        "Outside the module folders, only the composition root (app.ts, modules/index.ts), schema.ts, the seeders and benches may reach a module, and then through index.ts or its tables.",
      severity: "error",
      from: {
        path: "^apps/server/src/",
        pathNot: [
          ...TESTS,
          MODULES,
          "^apps/server/src/(platform|integrations)/",
          "^apps/server/src/(app|schema|main)\\.ts$",
          "^apps/server/src/seed/",
        ],
      },
      to: {
        path: `${MODULES}[^/]+/`,
        pathNot: [`${MODULES}[^/]+/index\\.ts$`],
      },
    },
    {
      name: "composition-through-front-doors",
      comment:
        "The composition root (app.ts, main.ts, modules/index.ts, module-context.ts, versioning.ts) uses a module through its index.ts.",
      severity: "error",
      from: {
        path: ["^apps/server/src/(app|main)\\.ts$", `${MODULES}[^/]+\\.ts$`],
        pathNot: TESTS,
      },
      to: { path: `${MODULES}[^/]+/`, pathNot: [`${MODULES}[^/]+/index\\.ts$`] },
    },
    {
      name: "web-imports-server",
      comment: "The web app reaches the server only through the contract's endpoints.",
      severity: "error",
      from: { path: "^apps/web/" },
      to: { path: "^apps/server/" },
    },
    {
      name: "domain-imports-only-its-libraries",
      comment: "packages/domain is pure rules: zod, dayjs (zones) and libphonenumber-js only (ADR 0010).",
      severity: "error",
      from: { path: "^packages/domain/src/", pathNot: TESTS },
      to: {
        pathNot: [
          "^packages/domain/src/",
          "node_modules/(zod|dayjs|libphonenumber-js)/",
          "^(zod|dayjs|libphonenumber-js)(/|$)",
        ],
      },
    },
    {
      name: "contract-imports-only-domain",
      comment: "packages/contract is endpoints as data: it uses the domain and zod, nothing else.",
      severity: "error",
      from: { path: "^packages/contract/src/", pathNot: TESTS },
      to: {
        pathNot: ["^packages/(contract|domain)/src/", "node_modules/zod/", "^zod(/|$)"],
      },
    },
    {
      name: "packages-use-no-app",
      comment: "domain and contract sit below both apps.",
      severity: "error",
      from: { path: "^packages/" },
      to: { path: "^apps/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["node_modules", "/dist/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs"],
    },
  },
};
