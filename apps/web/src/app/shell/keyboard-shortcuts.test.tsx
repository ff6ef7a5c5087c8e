import { screen } from "@testing-library/react";
import { Link, MemoryRouter, Route, Routes, useParams } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { renderInShell } from "../../test/render";
import { KeyboardShortcuts } from "./keyboard-shortcuts";

function Opened() {
  return <p data-testid="opened">{useParams().invoice}</p>;
}

function Screen({ onExpand }: { onExpand: () => void }) {
  return (
    <MemoryRouter initialEntries={["/jobs"]}>
      <Routes>
        <Route path="/jobs" element={<List onExpand={onExpand} />} />
        <Route path="/jobs/:invoice" element={<Opened />} />
      </Routes>
    </MemoryRouter>
  );
}

function List({ onExpand }: { onExpand: () => void }) {
  return (
    <main>
      <input aria-label="Search jobs" />
      <table>
        <tbody>
          <tr data-row>
            <td>
              <button type="button" aria-label="Expand" onClick={onExpand}>
                +
              </button>
            </td>
          </tr>
          <tr data-row>
            <td>second</td>
          </tr>
        </tbody>
      </table>
      <KeyboardShortcuts />
    </main>
  );
}

describe("keyboard shortcuts", () => {
  it("never fire while typing in a field", async () => {
    const { user } = renderInShell(<Screen onExpand={() => {}} />);
    await user.click(screen.getByLabelText("Search jobs"));
    await user.keyboard("jk?/");
    expect((screen.getByLabelText("Search jobs") as HTMLInputElement).value).toBe("jk?/");
    expect(document.querySelector("tr[data-cursor]")).toBeNull();
    expect(screen.queryByText("Keyboard shortcuts")).toBeNull();
  });

  it("/ focuses the search, j and k move between rows, Enter expands, ? lists them", async () => {
    const onExpand = vi.fn();
    const { user } = renderInShell(<Screen onExpand={onExpand} />);
    await user.keyboard("/");
    expect(document.activeElement).toBe(screen.getByLabelText("Search jobs"));
    (document.activeElement as HTMLElement).blur();
    await user.keyboard("jjk");
    const rows = document.querySelectorAll("tr[data-row]");
    expect(rows[0].getAttribute("data-cursor")).toBe("true");
    expect(rows[1].hasAttribute("data-cursor")).toBe(false);
    await user.keyboard("{Enter}");
    expect(onExpand).toHaveBeenCalledOnce();
    await user.keyboard("?");
    expect(await screen.findByText("Next row")).toBeTruthy();
  });

  it("opens the job a tray label's scan names: fast keystrokes and Enter, outside a field", async () => {
    const { user } = renderInShell(<Screen onExpand={() => {}} />);
    await user.keyboard("PAR-100909{Enter}");
    expect((await screen.findByTestId("opened")).textContent).toBe("PAR-100909");
  });

  it("leaves a scan typed into a field to the field", async () => {
    const { user } = renderInShell(<Screen onExpand={() => {}} />);
    await user.click(screen.getByLabelText("Search jobs"));
    await user.keyboard("PAR-100909{Enter}");
    expect((screen.getByLabelText("Search jobs") as HTMLInputElement).value).toBe("PAR-100909");
    expect(screen.queryByTestId("opened")).toBeNull();
  });

  it("leaves Enter and Space to a focused button and Enter to a focused link (WCAG 2.1.1)", async () => {
    const onPress = vi.fn();
    const { user } = renderInShell(
      <MemoryRouter initialEntries={["/jobs"]}>
        <Routes>
          <Route
            path="/jobs"
            element={
              <main>
                <button type="button" onClick={onPress}>
                  Print
                </button>
                <Link to="/jobs/PAR-1">PAR-1</Link>
                <KeyboardShortcuts />
              </main>
            }
          />
          <Route path="/jobs/:invoice" element={<Opened />} />
        </Routes>
      </MemoryRouter>,
    );
    screen.getByRole("button", { name: "Print" }).focus();
    await user.keyboard("{Enter}");
    await user.keyboard(" ");
    expect(onPress).toHaveBeenCalledTimes(2);
    screen.getByRole("link", { name: "PAR-1" }).focus();
    await user.keyboard("{Enter}");
    expect((await screen.findByTestId("opened")).textContent).toBe("PAR-1");
  });
});
