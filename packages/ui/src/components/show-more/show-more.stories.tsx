import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { ShowMore, type ShowMoreProps, useShowMore } from "./show-more.js";

const FRUITS = ["Apple", "Banana", "Cherry", "Date", "Elderberry", "Fig", "Grape"];

/** The hook and the control around a plain list, as PaymentsTable and TokenGrid use them. */
function ShowMoreList({
  initialCount = 3,
  defaultExpanded = false,
  moreLabel,
  lessLabel,
  countPosition,
  lang,
}: Pick<ShowMoreProps, "moreLabel" | "lessLabel" | "countPosition"> & {
  initialCount?: number;
  defaultExpanded?: boolean;
  lang?: string;
}) {
  const listId = React.useId();
  const showMore = useShowMore({
    items: FRUITS,
    initialCount,
    expanded: undefined,
    defaultExpanded,
    onExpandedChange: undefined,
    caller: "ShowMoreList",
  });
  const count = lang === "ru" ? "Показано" : "Showing";
  const of = lang === "ru" ? "из" : "of";
  return (
    <div lang={lang} className="grid w-72 gap-2">
      <ul id={listId} aria-label={lang === "ru" ? "Фрукты" : "Fruit"} className="m-0 list-disc pl-5 text-text">
        {showMore.shown.map((fruit) => (
          <li key={fruit}>{fruit}</li>
        ))}
      </ul>
      {showMore.collapsible ? (
        <ShowMore
          expanded={showMore.expanded}
          onExpandedChange={showMore.setExpanded}
          controls={listId}
          moreLabel={moreLabel}
          lessLabel={lessLabel}
          count={`${count} ${showMore.shown.length} ${of} ${FRUITS.length}`}
          countPosition={countPosition}
        />
      ) : null}
    </div>
  );
}

const meta = {
  title: "Components/ShowMore",
  component: ShowMoreList,
  tags: ["autodocs"],
  args: { moreLabel: "Show more", lessLabel: "Show less" },
  argTypes: { countPosition: { control: "inline-radio", options: ["after", "before"] } },
} satisfies Meta<typeof ShowMoreList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Expanded: Story = { args: { defaultExpanded: true } };

/** PaymentsTable's layout: the count first, "View all" / "Hide" after it. */
export const CountBefore: Story = { args: { moreLabel: "View all", lessLabel: "Hide", countPosition: "before" } };

export const Russian: Story = { args: { moreLabel: "Показать ещё", lessLabel: "Свернуть", lang: "ru" } };

export const Matrix: Story = {
  render: () => (
    <MatrixGrid>
      <MatrixRow title="Collapsed and expanded" className="items-start">
        <ShowMoreList moreLabel="Show more" lessLabel="Show less" />
        <ShowMoreList moreLabel="Show more" lessLabel="Show less" defaultExpanded />
      </MatrixRow>
      <MatrixRow title="Count before" className="items-start">
        <ShowMoreList moreLabel="View all" lessLabel="Hide" countPosition="before" />
      </MatrixRow>
      <MatrixRow title="Russian" className="items-start">
        <ShowMoreList moreLabel="Показать ещё" lessLabel="Свернуть" lang="ru" />
      </MatrixRow>
    </MatrixGrid>
  ),
};
