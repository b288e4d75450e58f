import type { Meta, StoryObj } from "@storybook/react-vite";
import { ShieldCheck } from "lucide-react";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { Footer, type FooterLinkGroup } from "./footer.js";

// Story links stay inside the Storybook iframe.
const groups: FooterLinkGroup[] = [
  {
    heading: "Veil",
    links: [
      { href: "#privacy", label: "Privacy policy" },
      { href: "#termsofuse", label: "Terms of use" },
      { href: "#contactus", label: "Contact us" },
    ],
  },
  {
    heading: "Sections",
    links: [
      { href: "#benefits", label: "Benefits" },
      { href: "#pricing", label: "Pricing" },
      { href: "#about", label: "About" },
    ],
  },
  {
    heading: "Help",
    links: [
      { href: "#supportcenter-cancel", label: "Cancel subscription" },
      { href: "#supportcenter-refund", label: "Refunds" },
    ],
  },
];

const brand = (
  <>
    <span className="flex items-center gap-2.5">
      <span
        aria-hidden="true"
        className="inline-flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground"
      >
        <ShieldCheck className="size-5" />
      </span>
      <span className="text-lg font-semibold tracking-tight text-text">Veil</span>
    </span>
    <p>A private, fast VPN. No logs, no trackers, one subscription for all your devices.</p>
  </>
);

const meta = {
  title: "Components/Footer",
  component: Footer,
  tags: ["autodocs"],
  parameters: { layout: "fullscreen" },
  args: { brand, groups, currentHref: "#privacy", navLabel: "Footer", legal: "© 2026 Veil. All rights reserved." },
} satisfies Meta<typeof Footer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const NoActiveLink: Story = { args: { currentHref: undefined } };

export const Russian: Story = {
  args: {
    navLabel: "Подвал",
    legal: "© 2026 Veil. Все права защищены.",
    currentHref: "#pricing",
    groups: [
      {
        heading: "Veil",
        links: [
          { href: "#privacy", label: "Политика конфиденциальности" },
          { href: "#termsofuse", label: "Условия использования" },
          { href: "#contactus", label: "Связаться с нами" },
        ],
      },
      {
        heading: "Разделы",
        links: [
          { href: "#benefits", label: "Преимущества" },
          { href: "#pricing", label: "Тарифы" },
          { href: "#about", label: "О нас" },
        ],
      },
      {
        heading: "Помощь",
        links: [
          { href: "#supportcenter-cancel", label: "Отмена подписки" },
          { href: "#supportcenter-refund", label: "Возврат средств" },
        ],
      },
    ],
  },
};

/** Every visual state: with brand, active link and legal line, and a bare footer without them. */
export const Matrix: Story = {
  render: (args) => (
    <MatrixGrid>
      <MatrixRow title="Full" className="block">
        <Footer {...args} navLabel="Footer, full" />
      </MatrixRow>
      <MatrixRow title="Without brand and legal line, another link current" className="block">
        <Footer {...args} navLabel="Footer, minimal" brand={undefined} legal={undefined} currentHref="#pricing" />
      </MatrixRow>
    </MatrixGrid>
  ),
};
