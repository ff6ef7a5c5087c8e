import { PRINT_MESSAGES } from "@loupe/domain";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../test/render";
import { PrintLabelsModal } from "./print-labels-modal";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const job = { id: 40, vend_invoice_number: "INV-40" };
const signed = "https://api.example.com/print/40.pdf?sig=abc";

/** A stand-in for the new tab the modal opens before it asks for the link. */
function fakeTab() {
  const tab = {
    opener: {} as unknown,
    document: { title: "", body: { textContent: "" } },
    location: { replace: vi.fn() },
    close: vi.fn(),
  };
  return tab;
}

function open() {
  const calls = stubFetch(undefined, (url) =>
    url.includes("/print") || url.includes("tray") ? { data: { url: signed } } : referenceAnswer(url),
  );
  const onClose = vi.fn();
  const view = renderInShell(<PrintLabelsModal job={job} onClose={onClose} />);
  const printCall = () => calls.find((c) => /document=/.test(c.url));
  return { ...view, onClose, printCall };
}

describe("Print Labels", () => {
  it("prints a tray label by default: the tab opens at once, then goes to the signed PDF", async () => {
    const tab = fakeTab();
    vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    const { user, onClose, printCall } = open();
    expect(screen.queryByText("Paper")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Print" }));
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith(signed));
    expect(tab.opener).toBeNull();
    const q = new URL(printCall()!.url, "http://x").searchParams;
    expect(q.get("document")).toBe("tray_label");
    expect(q.has("paper")).toBe(false);
    expect(onClose).toHaveBeenCalled();
  });

  it("a docket asks for the paper and sends it", async () => {
    vi.spyOn(window, "open").mockReturnValue(fakeTab() as unknown as Window);
    const { user, printCall } = open();
    await user.click(screen.getByRole("radio", { name: /Job docket/ }));
    await user.click(screen.getByText("A4"));
    await user.click(screen.getByRole("button", { name: "Print" }));
    await waitFor(() => expect(printCall()).toBeTruthy());
    const q = new URL(printCall()!.url, "http://x").searchParams;
    expect(q.get("document")).toBe("docket");
    expect(q.get("paper")).toBe("A4");
  });

  it("a blocked pop-up says so, asks for nothing and keeps the modal open", async () => {
    vi.spyOn(window, "open").mockReturnValue(null);
    const { user, onClose, printCall } = open();
    await user.click(screen.getByRole("button", { name: "Print" }));
    expect(await screen.findByText(PRINT_MESSAGES.popupBlocked)).toBeTruthy();
    expect(printCall()).toBeUndefined();
    expect(onClose).not.toHaveBeenCalled();
  });
});
