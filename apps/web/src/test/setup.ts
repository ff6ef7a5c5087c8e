import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Vitest runs without globals, so Testing Library cannot clean up by itself.
afterEach(cleanup);

// Files share a worker (isolate: false): a reference list one file's screen cached in localStorage
// (often the empty list of its stub) must not be another file's outlets.
afterEach(() => localStorage.clear());

// Mantine's ScrollArea and Popover measure the page; happy-dom has no layout to observe.
if (!("ResizeObserver" in globalThis)) {
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Mantine's autosize Textarea listens for web fonts loading; happy-dom has no FontFaceSet.
if (!("fonts" in document)) {
  Object.defineProperty(document, "fonts", {
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });
}
