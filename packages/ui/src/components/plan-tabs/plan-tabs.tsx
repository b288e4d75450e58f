"use client";

import * as Tabs from "@radix-ui/react-tabs";
import { cva } from "class-variance-authority";
import { CircleCheck } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn.js";

export const planTabsTriggerVariants = cva([
  "group relative flex min-h-16 cursor-pointer flex-col items-start justify-center gap-0.5 rounded-xl border py-3 pr-9 pl-4 text-left",
  "border-border bg-surface text-text shadow-card transition-[background-color,border-color,box-shadow] duration-150",
  "focus-visible:outline-offset-2 hover:border-border-strong/60 focus-visible:outline-2 focus-visible:outline-focus",
  // Selected: primary frame (2 px via ring), tinted fill and a check icon, so the choice is not
  // told by colour alone.
  "data-[state=active]:border-primary data-[state=active]:bg-primary-subtle data-[state=active]:ring-1 data-[state=active]:ring-primary",
]);

/** One plan tab. */
export interface PlanTabItem {
  /** The value reported by `onValueChange`, e.g. the plan id `"year"`. */
  value: string;
  /** The plan's name, e.g. "1 Year"; the tab's accessible name starts with it. */
  label: string;
  /** A second line under the name, e.g. "$45 · 365 days". */
  detail?: React.ReactNode;
}

export interface PlanTabsProps
  extends Omit<React.ComponentProps<typeof Tabs.Root>, "children" | "orientation" | "activationMode" | "dir"> {
  items: readonly PlanTabItem[];
  /** Accessible name of the tab list, e.g. "Plan". */
  label: string;
  /** The content of the selected plan's panel (e.g. its summary). */
  renderPanel: (item: PlanTabItem) => React.ReactNode;
  /** Extra classes for each panel. */
  panelClassName?: string;
}

/**
 * The payment screen's plan picker: Radix Tabs with automatic activation (arrow keys select as
 * they move), Home/End, and one panel per plan. Two columns below 640 px, one row of four above.
 */
export function PlanTabs({ items, label, renderPanel, panelClassName, className, ...props }: PlanTabsProps) {
  return (
    <Tabs.Root
      data-slot="plan-tabs"
      activationMode="automatic"
      orientation="horizontal"
      className={cn("flex flex-col gap-6", className)}
      {...props}
    >
      <Tabs.List aria-label={label} data-slot="plan-tabs-list" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.map((item) => (
          <Tabs.Trigger
            key={item.value}
            value={item.value}
            data-slot="plan-tabs-trigger"
            className={planTabsTriggerVariants()}
          >
            <CircleCheck
              aria-hidden="true"
              className="absolute top-3 right-3 hidden size-4 text-primary group-data-[state=active]:block"
              strokeWidth={2.5}
            />
            <span className="text-sm font-semibold group-data-[state=active]:text-primary-subtle-foreground">
              {item.label}
            </span>
            {item.detail ? <span className="text-sm text-text-muted">{item.detail}</span> : null}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {items.map((item) => (
        <Tabs.Content
          key={item.value}
          value={item.value}
          data-slot="plan-tabs-panel"
          className={cn(
            "rounded-sm outline-offset-4 focus-visible:outline-2 focus-visible:outline-focus",
            panelClassName,
          )}
        >
          {renderPanel(item)}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
