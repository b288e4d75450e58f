import { render, screen, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { axe } from "../../test/axe.js";
import { TokenGrid, type TokenGridProps, type TokenOption } from "./token-grid.js";

/** 14 tokens: two more than the 12 shown at first. */
const TOKENS: TokenOption[] = Array.from({ length: 14 }, (_, index) => ({
  value: `T${index + 1}`,
  label: `Token ${index + 1}`,
}));

const texts = {
  label: "Choose a token",
  showMoreLabel: "Show more",
  showLessLabel: "Show less",
  countText: (shown: number, total: number) => `Showing ${shown} of ${total}`,
};

function Grid(props: Partial<TokenGridProps>) {
  return <TokenGrid {...texts} tokens={TOKENS} {...props} />;
}

const group = () => screen.getByRole("group", { name: "Choose a token" });
const radios = () => within(group()).getAllByRole("radio");

describe("given a TokenGrid with more tokens than fit at first", () => {
  let user: UserEvent;
  const onValueChange = vi.fn();
  const onExpandedChange = vi.fn();

  beforeEach(() => {
    user = userEvent.setup();
    onValueChange.mockReset();
    onExpandedChange.mockReset();
    render(<Grid onValueChange={onValueChange} onExpandedChange={onExpandedChange} />);
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should offer the first 12 tokens as radios in a labelled group", () => {
    expect(radios()).toHaveLength(12);
    expect(screen.queryByRole("radio", { name: "Token 13" })).not.toBeInTheDocument();
  });

  it("should start with nothing chosen", () => {
    for (const radio of radios()) expect(radio).not.toBeChecked();
  });

  it("should choose a token on click and report it", async () => {
    await user.click(screen.getByRole("radio", { name: "Token 3" }));
    expect(screen.getByRole("radio", { name: "Token 3" })).toBeChecked();
    expect(onValueChange).toHaveBeenCalledWith("T3");
  });

  it("should move the choice with the arrow keys", async () => {
    await user.click(screen.getByRole("radio", { name: "Token 1" }));
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("radio", { name: "Token 2" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Token 2" })).toHaveFocus();
    expect(onValueChange).toHaveBeenLastCalledWith("T2");
  });

  it("should be one tab stop", async () => {
    await user.click(screen.getByRole("radio", { name: "Token 1" }));
    await user.tab();
    expect(screen.getByRole("button", { name: "Show more" })).toHaveFocus();
  });

  it("should offer a collapsed show-more toggle that controls the list", () => {
    const toggle = screen.getByRole("button", { name: "Show more" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(document.getElementById(toggle.getAttribute("aria-controls") ?? "")).toContainElement(radios()[0] ?? null);
  });

  it("should say how many tokens are shown in a polite status", () => {
    expect(screen.getByRole("status")).toHaveTextContent("Showing 12 of 14");
  });

  it("should not mark the grid expanded while collapsed", () => {
    expect(group()).toHaveAttribute("data-state", "closed");
  });

  describe("after pressing show more", () => {
    beforeEach(async () => {
      await user.click(screen.getByRole("button", { name: "Show more" }));
    });

    it("should have no accessibility violations", async () => {
      expect(await axe(document.body)).toHaveNoViolations();
    });

    it("should show every token", () => {
      expect(radios()).toHaveLength(14);
    });

    it("should rename the toggle and mark it expanded", () => {
      expect(screen.getByRole("button", { name: "Show less" })).toHaveAttribute("aria-expanded", "true");
    });

    it("should keep focus on the toggle", () => {
      expect(screen.getByRole("button", { name: "Show less" })).toHaveFocus();
    });

    it("should announce the new count", () => {
      expect(screen.getByRole("status")).toHaveTextContent("Showing 14 of 14");
    });

    it("should mark the grid expanded", () => {
      expect(group()).toHaveAttribute("data-state", "open");
    });

    it("should report the change", () => {
      expect(onExpandedChange).toHaveBeenCalledWith(true);
    });

    it("should collapse again with the focus still on the toggle", async () => {
      await user.keyboard("{Enter}");
      expect(radios()).toHaveLength(12);
      expect(screen.getByRole("button", { name: "Show more" })).toHaveFocus();
      expect(screen.getByRole("status")).toHaveTextContent("Showing 12 of 14");
    });
  });
});

describe("given a TokenGrid with no more than 12 tokens", () => {
  it("should show them all without a toggle or count", () => {
    render(<Grid tokens={TOKENS.slice(0, 12)} />);
    expect(radios()).toHaveLength(12);
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });
});

describe("given a controlled TokenGrid", () => {
  it("should show the owner's choice and expansion", () => {
    render(<Grid value="T13" expanded />);
    expect(screen.getByRole("radio", { name: "Token 13" })).toBeChecked();
    expect(screen.getByRole("button", { name: "Show less" })).toBeInTheDocument();
  });

  it("should not change the choice until the owner does", async () => {
    const onValueChange = vi.fn();
    render(<Grid value="T1" onValueChange={onValueChange} />);
    await userEvent.click(screen.getByRole("radio", { name: "Token 2" }));
    expect(onValueChange).toHaveBeenCalledWith("T2");
    expect(screen.getByRole("radio", { name: "Token 1" })).toBeChecked();
  });
});

describe("given a TokenGrid with a custom initial count", () => {
  it("should show that many first", () => {
    render(<Grid initialCount={4} />);
    expect(radios()).toHaveLength(4);
    expect(screen.getByRole("status")).toHaveTextContent("Showing 4 of 14");
  });
});

describe("given a loading TokenGrid", () => {
  beforeEach(() => {
    render(<Grid loading loadingLabel="Loading tokens" />);
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should mark the group busy and say it is loading", () => {
    expect(group()).toHaveAttribute("aria-busy", "true");
    expect(group()).toHaveTextContent("Loading tokens");
  });

  it("should offer no choices or toggle yet", () => {
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});

describe("given a TokenGrid whose tokens failed to load", () => {
  beforeEach(() => {
    render(<Grid error="Failed to load token list" />);
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should announce the error instead of the choices", () => {
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to load token list");
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
  });
});

describe("given a TokenGrid with no tokens", () => {
  it("should show the empty content", () => {
    render(<Grid tokens={[]} empty="No tokens are available right now" />);
    expect(group()).toHaveTextContent("No tokens are available right now");
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
  });
});
