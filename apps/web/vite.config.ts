import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { contractAddresses } from "./build/contract-addresses";
import { scrollAreaRefs } from "./build/scroll-area-refs";

const server = process.env.LOUPE_API ?? "http://127.0.0.1:3000";

export default defineConfig({
  plugins: [react(), contractAddresses(), scrollAreaRefs()],
  server: {
    proxy: { "/api": server, "/legacy-api": server, "/shop-api": server },
  },
  // The manifest lets scripts/bundle-size.mjs add up what each screen loads.
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The floating layer (dropdowns, menus, tooltips) in a chunk of its own: left to itself,
            // rolldown puts small helpers that plain controls share with it (Mantine's
            // use-merged-ref) in its chunk, and a checkbox then loads all of floating-ui (15 KB
            // gzip) on the first paint of /jobs (issue 31).
            {
              name: "floating-ui",
              test: /node_modules[\\/]@floating-ui[\\/]/,
              // Its own modules only: with their dependencies it would take React out of the entry.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
