import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Vitest runs without globals, so Testing Library cannot clean up by itself.
afterEach(cleanup);

// Screens load dialogs, selects, menus and reports on first use (issue 31): the first `findBy…` of
// one waits for a module import, which in a busy full run on two cores took over the default 1 s.
configure({ asyncUtilTimeout: 5000 });

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
