import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { axe } from "../../test/axe.js";
import { Button } from "../button/button.js";
import { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "./card.js";

function SubscriptionCard({ level }: { level?: 2 | 3 | 4 }) {
  return (
    <Card asChild>
      <section aria-labelledby="sub-title">
        <CardHeader>
          <CardTitle id="sub-title" headingLevel={level}>
            Your subscription
          </CardTitle>
          <CardDescription>Renews on 12 March</CardDescription>
          <CardAction>
            <span>Active</span>
          </CardAction>
        </CardHeader>
        <CardContent>3 devices connected</CardContent>
        <CardFooter>
          <Button>Renew</Button>
        </CardFooter>
      </section>
    </Card>
  );
}

describe("given a Card with every part", () => {
  it("should have no accessibility violations", async () => {
    const { container } = render(<SubscriptionCard />);
    expect(await axe(container)).toHaveNoViolations();
  });

  it("should title itself with a real level-3 heading by default", () => {
    render(<SubscriptionCard />);
    expect(screen.getByRole("heading", { level: 3, name: "Your subscription" })).toBeInTheDocument();
  });

  it("should render the heading level the page asks for", () => {
    render(<SubscriptionCard level={2} />);
    expect(screen.getByRole("heading", { level: 2, name: "Your subscription" })).toBeInTheDocument();
  });

  it("should take the semantics of its child with asChild", () => {
    render(<SubscriptionCard />);
    const region = screen.getByRole("region", { name: "Your subscription" });
    expect(region).toHaveAttribute("data-slot", "card");
    expect(within(region).getByRole("button", { name: "Renew" })).toBeInTheDocument();
  });
});

describe("given a highlighted Card", () => {
  it("should expose its variant for styling hooks", () => {
    render(
      <Card variant="highlighted" aria-label="Recommended">
        <CardContent>Best value</CardContent>
      </Card>,
    );
    expect(screen.getByText("Best value").parentElement).toHaveAttribute("data-variant", "highlighted");
  });
});
