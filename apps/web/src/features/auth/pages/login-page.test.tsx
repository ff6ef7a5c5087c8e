import { messages } from "@loupe/domain";
import { screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readSession } from "../../../lib/session";
import { renderInShell, stubFetch } from "../../../test/render";
import LoginPage from "./login-page";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function signIn(from?: string) {
  return renderInShell(
    <MemoryRouter initialEntries={[{ pathname: "/login", state: from ? { from } : null }]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<p data-testid="landed">landed</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("the sign-in form", () => {
  it("checks on submit: both fields required, nothing sent, the e-mail takes the focus", async () => {
    const calls = stubFetch();
    const { user } = signIn();
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(screen.getByText(messages.required("email"))).toBeTruthy();
    expect(screen.getByText(messages.required("password"))).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("E-mail"));
    expect(calls).toHaveLength(0);
  });

  it("once submitted, re-checks as the user types; a short password is refused", async () => {
    const calls = stubFetch();
    const { user } = signIn();
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await user.type(screen.getByLabelText("E-mail"), "ana@example.com");
    expect(screen.queryByText(messages.required("email"))).toBeNull();
    await user.type(screen.getByLabelText("Password"), "ab");
    expect(screen.getByText(messages.minLength("password", 3))).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(document.activeElement).toBe(screen.getByLabelText("Password"));
    expect(calls).toHaveLength(0);
  });

  it("sends the trimmed e-mail, keeps the session and returns to the page asked for", async () => {
    const calls = stubFetch(() => ({
      data: { token: "tok", expires_at: null, user: { id: 1, name: "Ana" } },
    }));
    const { user } = signIn("/jobs/40");
    await user.type(screen.getByLabelText("E-mail"), "  ana@example.com ");
    await user.type(screen.getByLabelText("Password"), "secret");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByTestId("landed")).toBeTruthy();
    expect(calls[0].body).toEqual({ email: "ana@example.com", password: "secret" });
    expect(readSession()?.token).toBe("tok");
  });

  it("a refused sign-in shows Unauthorized and keeps no session", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ message: "Unauthorized" }), { status: 401 })),
    );
    const { user } = signIn();
    await user.type(screen.getByLabelText("E-mail"), "ana@example.com");
    await user.type(screen.getByLabelText("Password"), "wrong");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(screen.getByTestId("login-error").textContent).toBe("Unauthorized"));
    expect(readSession()).toBeNull();
    expect(screen.queryByTestId("landed")).toBeNull();
  });

  it.each([
    [
      429,
      {
        code: "rate_limited",
        message: "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
      },
      "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
    ],
    [
      503,
      "<html>Service Unavailable</html>",
      "The server is not working right now (error 503). Please try again in a few minutes.",
    ],
  ])("a %s shows the server's reason, not Unauthorized, and names the tab", async (status, body, shown) => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(typeof body === "string" ? body : JSON.stringify(body), { status })),
    );
    const { user } = signIn();
    expect(document.title).toBe("Sign in · Loupe");
    await user.type(screen.getByLabelText("E-mail"), "ana@example.com");
    await user.type(screen.getByLabelText("Password"), "secret1");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(screen.getByTestId("login-error").textContent).toBe(shown));
    expect(readSession()).toBeNull();
  });
});
