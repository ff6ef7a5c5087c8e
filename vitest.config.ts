import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      { test: { name: "domain", include: ["packages/*/src/**/*.test.ts"] } },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          globalSetup: ["apps/server/src/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: "forks",
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
