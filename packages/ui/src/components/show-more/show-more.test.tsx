import { render, screen } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { axe } from "../../test/axe.js";
import { ShowMore, type ShowMoreProps, useShowMore } from "./show-more.js";

const ITEMS = Array.from({ length: 7 }, (_, index) => `Item ${index + 1}`);

/** The hook and the control wired as PaymentsTable and TokenGrid wire them, around a plain list. */
function List({
  initialCount = 3,
  expanded,
  onExpandedChange,
  countPosition,
}: {
  initialCount?: number;
  expanded?: boolean;
  onExpandedChange?: (expanded: boolean) => void;
  countPosition?: ShowMoreProps["countPosition"];
}) {
  const showMore = useShowMore({
    items: ITEMS,
    initialCount,
    expanded,
    defaultExpanded: false,
    onExpandedChange,
    caller: "List",
  });
  return (
    <div>
      <ul id="items" aria-label="Items">
        {showMore.shown.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {showMore.collapsible ? (
        <ShowMore
          expanded={showMore.expanded}
          onExpandedChange={showMore.setExpanded}
          controls="items"
          moreLabel="Show more"
          lessLabel="Show less"
          count={`Showing ${showMore.shown.length} of ${ITEMS.length}`}
          countPosition={countPosition}
        />
      ) : null}
    </div>
  );
}

const items = () => screen.getAllByRole("listitem");
const toggle = () => screen.getByRole("button", { name: /^Show (more|less)$/ });

describe("given a list longer than its initial count", () => {
  let user: UserEvent;
  const onExpandedChange = vi.fn();

  beforeEach(() => {
    user = userEvent.setup();
    onExpandedChange.mockReset();
    render(<List onExpandedChange={onExpandedChange} />);
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should show the first items only", () => {
    expect(items()).toHaveLength(3);
  });

  it("should offer a collapsed disclosure button that controls the list", () => {
    expect(toggle()).toHaveAccessibleName("Show more");
    expect(toggle()).toHaveAttribute("aria-expanded", "false");
    expect(toggle()).toHaveAttribute("aria-controls", "items");
  });

  it("should say how many items show in a polite status", () => {
    expect(screen.getByRole("status")).toHaveTextContent("Showing 3 of 7");
  });

  it("should put the count after the button by default", () => {
    expect(toggle().compareDocumentPosition(screen.getByRole("status"))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  describe("after pressing show more", () => {
    beforeEach(async () => {
      await user.click(toggle());
    });

    it("should have no accessibility violations", async () => {
      expect(await axe(document.body)).toHaveNoViolations();
    });

    it("should show every item", () => {
      expect(items()).toHaveLength(7);
    });

    it("should rename the button and mark it expanded", () => {
      expect(toggle()).toHaveAccessibleName("Show less");
      expect(toggle()).toHaveAttribute("aria-expanded", "true");
    });

    it("should keep focus on the button", () => {
      expect(toggle()).toHaveFocus();
    });

    it("should announce the new count in the same status element", () => {
      expect(screen.getByRole("status")).toHaveTextContent("Showing 7 of 7");
    });

    it("should report the change once", () => {
      expect(onExpandedChange).toHaveBeenCalledTimes(1);
      expect(onExpandedChange).toHaveBeenLastCalledWith(true);
    });

    it("should collapse again with the keyboard", async () => {
      await user.keyboard("{Enter}");
      expect(items()).toHaveLength(3);
      expect(toggle()).toHaveAttribute("aria-expanded", "false");
    });
  });
});

describe("given a list no longer than its initial count", () => {
  it("should show every item and no button or count", () => {
    render(<List initialCount={7} />);
    expect(items()).toHaveLength(7);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByRole("status")).toBeNull();
  });
});

describe("given a controlled ShowMore", () => {
  it("should follow the expanded prop and only report a press", async () => {
    const user = userEvent.setup();
    const onExpandedChange = vi.fn();
    const { rerender } = render(<List expanded={false} onExpandedChange={onExpandedChange} />);
    await user.click(toggle());
    expect(onExpandedChange).toHaveBeenLastCalledWith(true);
    expect(items()).toHaveLength(3);
    rerender(<List expanded onExpandedChange={onExpandedChange} />);
    expect(items()).toHaveLength(7);
    expect(onExpandedChange).toHaveBeenCalledTimes(1);
  });
});

describe("given the count placed before the button", () => {
  it("should render the count first", () => {
    render(<List countPosition="before" />);
    expect(toggle().compareDocumentPosition(screen.getByRole("status"))).toBe(Node.DOCUMENT_POSITION_PRECEDING);
  });
});
