import type { Meta, StoryObj } from "@storybook/react-vite";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { Card, CardContent, CardHeader } from "../card/card.js";
import { Spinner } from "../spinner/spinner.js";
import { Skeleton } from "./skeleton.js";

const meta = {
  title: "Components/Skeleton",
  component: Skeleton,
  tags: ["autodocs"],
  args: { shape: "text", className: "w-48" },
  argTypes: { shape: { control: "inline-radio", options: ["text", "heading", "block", "circle"] } },
} satisfies Meta<typeof Skeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Block: Story = { args: { shape: "block", className: "h-32 w-64" } };

export const Circle: Story = { args: { shape: "circle", className: "size-12" } };

/** A card that is loading: the region says so once; the placeholders are silent. */
export const LoadingCard: Story = {
  render: () => (
    <Card aria-busy="true" className="max-w-sm">
      <Spinner label="Loading your subscription" className="sr-only" />
      <CardHeader>
        <Skeleton shape="heading" className="w-40" />
        <Skeleton className="w-56" />
      </CardHeader>
      <CardContent className="flex flex-col gap-2.5">
        <Skeleton className="w-full" />
        <Skeleton className="w-4/5" />
        <Skeleton shape="block" className="mt-2 h-11 w-full" />
      </CardContent>
    </Card>
  ),
};

export const Matrix: Story = {
  render: () => (
    <MatrixGrid>
      <MatrixRow title="Shapes">
        <Skeleton className="w-40" />
        <Skeleton shape="heading" className="w-32" />
        <Skeleton shape="circle" className="size-10" />
        <Skeleton shape="block" className="h-16 w-28" />
      </MatrixRow>
      <MatrixRow title="Composed" className="items-stretch">
        <Card aria-busy="true" className="w-full max-w-sm">
          <Spinner label="Loading your subscription" className="sr-only" />
          <CardHeader>
            <Skeleton shape="heading" className="w-40" />
            <Skeleton className="w-56" />
          </CardHeader>
          <CardContent className="flex flex-col gap-2.5">
            <Skeleton className="w-full" />
            <Skeleton className="w-4/5" />
            <Skeleton shape="block" className="mt-2 h-11 w-full" />
          </CardContent>
        </Card>
        <Card aria-busy="true" className="w-full max-w-sm gap-4 px-6">
          <Spinner label="Loading payments" className="sr-only" />
          {[0, 1, 2].map((row) => (
            <div key={row} className="flex items-center gap-3">
              <Skeleton shape="circle" className="size-9" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="w-1/2" />
                <Skeleton className="h-3 w-1/3" />
              </div>
              <Skeleton className="h-6 w-20 rounded-full" />
            </div>
          ))}
        </Card>
      </MatrixRow>
    </MatrixGrid>
  ),
};
