// The font is loaded here (and by the app), never by the library CSS: importing @fontsource from
// globals.css would inline every woff2 into the package.
import "@fontsource-variable/inter";
import "@fontsource-variable/jetbrains-mono";
import "../src/styles/globals.css";
import type { Decorator, Preview } from "@storybook/react-vite";
import { ComponentDocsPage } from "./docs-page.js";

/**
 * Wraps every story in `.veil-story-root`. The class is the stable hook the Playwright suites use
 * to scope screenshots and axe; keep it.
 */
const withStoryRoot: Decorator = (Story) => (
  <div className="veil-story-root bg-background p-6 font-sans text-text antialiased">
    <Story />
  </div>
);

const preview: Preview = {
  parameters: {
    layout: "fullscreen",
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Storybook's UI shows any axe violation of a story as a failure. The gate is e2e/a11y.spec.ts
    // (every story, every rule, in light and dark); the Vitest project leaves axe to it.
    a11y: { test: "error" },
    // Autodocs pages (every component is tagged "autodocs") with the component's README below the
    // props table: its API notes and accessibility contract.
    docs: { page: ComponentDocsPage },
  },
  decorators: [withStoryRoot],
  tags: ["autodocs"],
};

export default preview;
