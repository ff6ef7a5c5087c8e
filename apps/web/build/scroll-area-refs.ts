import type { Plugin } from "vite";

const SCROLL_AREA = /@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
const FLOATING_IMPORT = 'import { useMergeRefs } from "@floating-ui/react";';

/**
 * Mantine's ScrollArea takes one helper from floating-ui, `useMergeRefs`, and so every Mantine
 * Table (its scroll container is a ScrollArea) loads the whole floating layer (floating-ui, 15 KB
 * gzip) with it, though a table floats nothing (issue 31: /jobs opened cold ≤ 200 KB). In the
 * production build that helper is Mantine's own `useMergedRef`, which does the same (assigns every
 * ref, runs React 19 ref cleanups). If a Mantine upgrade changes the import, the build says so and
 * leaves the file alone; the budget check then shows what it costs.
 */
export function scrollAreaRefs(): Plugin {
  return {
    name: "loupe-scroll-area-refs",
    apply: "build",
    transform(code, id) {
      if (!SCROLL_AREA.test(id)) return null;
      if (!code.includes(FLOATING_IMPORT)) {
        this.warn("Mantine's ScrollArea no longer imports useMergeRefs from floating-ui: left as it is");
        return null;
      }
      return code.replace(
        FLOATING_IMPORT,
        'import { useMergedRef } from "@mantine/hooks";\nconst useMergeRefs = (refs) => useMergedRef(...refs);',
      );
    },
  };
}
