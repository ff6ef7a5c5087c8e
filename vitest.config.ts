import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "domain",
          include: ["packages/*/src/**/*.test.ts"],
          // Pure functions: nothing a file leaves behind reaches the next, so files share a worker's modules.
          isolate: false,
          // Pure CPU, no I/O: the limit only catches a loop that never ends. A test's time here is the
          // machine's load, never the code's (issue 51: 2 s alone, 94 s in a loaded run).
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          globalSetup: ["apps/server/src/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: "forks",
          // Files share a worker's loaded modules: importing the app's graph in a fresh fork per file
          // was a third of the server project's time (docs/performance.md, "Test suite time"). Every
          // per-app thing (slots, metrics registry, caches keyed by database handle) is built by
          // buildApp, so one file's app never sees another's; a test that changes process-wide state
          // puts it back.
          isolate: false,
        },
      },
      {
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.tsx"],
          environment: "happy-dom",
          // No network from a test page: a script or stylesheet tag is seen, never fetched.
          environmentOptions: {
            happyDOM: { settings: { disableJavaScriptFileLoading: true, disableCSSFileLoading: true } },
          },
          setupFiles: ["apps/web/src/test/setup.ts"],
          testTimeout: 15_000,
          // Files share a worker's loaded modules (React, Mantine): each file stubs and clears what it uses.
          isolate: false,
        },
      },
    ],
  },
});
