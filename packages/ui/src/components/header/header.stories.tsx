import type { Meta, StoryObj } from "@storybook/react-vite";
import { ShieldCheck } from "lucide-react";
import * as React from "react";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { Button } from "../button/button.js";
import { LanguageSwitch } from "../language-switch/language-switch.js";
import { Header } from "./header.js";

const languages = [
  { value: "en", label: "English", lang: "en" },
  { value: "ru", label: "Русский", lang: "ru" },
];

function Language() {
  const [value, setValue] = React.useState("en");
  return <LanguageSwitch languages={languages} value={value} onValueChange={setValue} label="Language" />;
}

const logo = (
  <span className="inline-flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
    <ShieldCheck className="size-5" />
  </span>
);

// Story links must not leave the Storybook iframe.
const links = [
  { href: "#privacy", label: "Privacy" },
  { href: "#termsofuse", label: "Terms of use" },
  { href: "#contactus", label: "Contact us" },
];

const meta = {
  title: "Components/Header",
  component: Header,
  tags: ["autodocs"],
  parameters: { layout: "fullscreen" },
  args: {
    name: "Veil",
    logo,
    homeHref: "#home",
    links,
    currentHref: "#privacy",
    navLabel: "Main",
    menuLabel: "Menu",
    skipLinkLabel: "Skip to content",
    languageSwitch: <Language />,
    action: (
      <Button asChild size="sm">
        <a href="#login">Log in</a>
      </Button>
    ),
  },
  render: (args) => (
    <div className="min-h-80">
      <Header {...args} />
      <main id="main" className="mx-auto max-w-7xl px-4 py-10 text-text-muted sm:px-6 lg:px-8">
        Page content
      </main>
    </div>
  ),
} satisfies Meta<typeof Header>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

/** Past the scroll threshold: translucent, blurred and shadowed (forced here with a negative threshold). */
export const Scrolled: Story = { args: { scrollThreshold: -1 } };

/** The collapsed menu opened (visible below 1100 px). */
export const MenuOpen: Story = { args: { defaultMenuOpen: true } };

export const AccountAction: Story = {
  args: {
    action: (
      <Button asChild size="sm" variant="secondary">
        <a href="#account">Account</a>
      </Button>
    ),
  },
};

export const WithoutLogo: Story = { args: { logo: undefined, skipLinkLabel: undefined } };

function Stripes() {
  // Something behind the scrolled header, so its translucency shows in screenshots.
  return (
    <div className="grid grid-cols-6 gap-2 px-4 py-6" aria-hidden="true">
      {Array.from({ length: 12 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static decoration
        <div key={index} className="h-8 rounded-md bg-primary/30" />
      ))}
    </div>
  );
}

/**
 * Every visual state: at rest, scrolled, signed in, and with the menu open (visible below 1100 px).
 * Each copy sits in a labelled section, so the page does not have four banner landmarks.
 */
export const Matrix: Story = {
  render: (args) => (
    <MatrixGrid>
      <MatrixRow title="At rest" className="block">
        <Header {...args} navLabel="Main, at rest" skipLinkLabel={undefined} />
      </MatrixRow>
      <MatrixRow title="Scrolled" className="relative block">
        <div className="absolute inset-x-0 top-0">
          <Stripes />
        </div>
        <Header {...args} navLabel="Main, scrolled" skipLinkLabel={undefined} scrollThreshold={-1} />
        <div className="h-12" />
      </MatrixRow>
      <MatrixRow title="Signed in, another page current" className="block">
        <Header
          {...args}
          navLabel="Main, signed in"
          skipLinkLabel={undefined}
          currentHref="#contactus"
          action={
            <Button asChild size="sm" variant="secondary">
              <a href="#account">Account</a>
            </Button>
          }
        />
      </MatrixRow>
      <MatrixRow title="Menu open" className="relative block min-h-80">
        <Header {...args} navLabel="Main, menu open" skipLinkLabel={undefined} defaultMenuOpen />
      </MatrixRow>
    </MatrixGrid>
  ),
};
