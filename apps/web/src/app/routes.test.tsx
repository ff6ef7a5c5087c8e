import { cleanup } from "@testing-library/react";
import { MemoryRouter, type RouteObject, useRoutes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { renderInShell } from "../test/render";
import { routes } from "./routes";

/** Every path of the route table that shows a screen (not a redirect), with its parameters filled. */
function screenPaths(list: RouteObject[]): string[] {
  return list.flatMap((r) => [
    ...(r.path && r.path !== "*" && r.path !== "/" ? [r.path.replace(/:[A-Za-z]+/g, "1")] : []),
    ...screenPaths(r.children ?? []),
  ]);
}

/** The leaf route of `path` alone, without the sign-in guard and the shell around it. */
function Leaf({ path }: { path: string }) {
  const leaves = (list: RouteObject[]): RouteObject[] =>
    list.flatMap((r) =>
      r.children ? leaves(r.children) : r.path ? [{ path: r.path, element: r.element }] : [],
    );
  return useRoutes(leaves(routes), path);
}

afterEach(cleanup);

describe("the route table", () => {
  const paths = screenPaths(routes);

  it("lists the screens the issue found without a title", () => {
    expect(paths).toEqual(
      expect.arrayContaining(["/today", "/till-summary", "/call-list", "/forgot-password"]),
    );
  });

  it.each(paths)("%s names the browser tab as soon as it is entered", (path) => {
    document.title = "";
    renderInShell(
      <MemoryRouter initialEntries={[path]}>
        <Leaf path={path} />
      </MemoryRouter>,
    );
    expect(document.title).toMatch(/^\S.* · Loupe$/);
  });
});
