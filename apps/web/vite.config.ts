import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { contractAddresses } from "./build/contract-addresses";

const server = process.env.LOUPE_API ?? "http://127.0.0.1:3000";

export default defineConfig({
  plugins: [react(), contractAddresses()],
  server: {
    proxy: { "/api": server, "/legacy-api": server, "/shop-api": server },
  },
  // The manifest lets scripts/bundle-size.mjs add up what each screen loads.
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 1500, manifest: true },
});
