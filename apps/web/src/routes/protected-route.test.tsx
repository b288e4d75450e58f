import { screen } from "@testing-library/react";
import { Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthContextValue } from "../auth/auth-provider.js";
import { renderAt } from "../test-utils.js";
import { ProtectedRoute } from "./protected-route.js";

let auth: Partial<AuthContextValue>;
vi.mock("../auth/auth-provider.js", () => ({ useAuth: () => auth }));

function renderAccount() {
  return renderAt(
    "/account/profile",
    <Routes>
      <Route element={<ProtectedRoute />}>
        <Route path="/account/profile" element={<p>profile page</p>} />
      </Route>
      <Route path="/login" element={<p>login page</p>} />
      <Route path="/home" element={<p>home page</p>} />
    </Routes>,
  );
}

describe("the protected group (docs/product.md §2.2)", () => {
  beforeEach(() => {
    auth = { loading: false, signedIn: false, exit: null };
  });

  it("shows the account area's skeleton, busy and announced as loading, while auth is loading", () => {
    auth = { loading: true, signedIn: false, exit: null };
    const { container } = renderAccount();
    expect(screen.getByRole("status")).toHaveTextContent("Loading…");
    expect(container.querySelector("[aria-busy='true']")).not.toBeNull();
    expect(screen.queryByText("profile page")).not.toBeInTheDocument();
    expect(screen.queryByText("login page")).not.toBeInTheDocument();
  });

  it("sends a visitor who is not signed in (or is recovering a password) to /login", () => {
    renderAccount();
    expect(screen.getByText("login page")).toBeInTheDocument();
  });

  it("shows the page to a signed-in user", () => {
    auth = { loading: false, signedIn: true, exit: null };
    renderAccount();
    expect(screen.getByText("profile page")).toBeInTheDocument();
  });

  it("follows the exit chosen at sign-out (account deletion → /home)", () => {
    auth = { loading: false, signedIn: false, exit: { to: "/home" } };
    renderAccount();
    expect(screen.getByText("home page")).toBeInTheDocument();
  });
});
