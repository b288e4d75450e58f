import type { StorybookConfig } from "@storybook/react-vite";
import tailwindcss from "@tailwindcss/vite";

const config: StorybookConfig = {
  // Every component folder contributes `<name>.stories.tsx`.
  stories: ["../src/**/*.stories.tsx"],
  addons: ["@storybook/addon-docs", "@storybook/addon-a11y", "@storybook/addon-vitest"],
  framework: { name: "@storybook/react-vite", options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import("vite");
    // The library build's d.ts plugin (if a vite.config ever adds one) must not run for Storybook:
    // it slows the build and writes declarations into the wrong place.
    const plugins = (viteConfig.plugins ?? []).flat().filter((plugin) => {
      const name = plugin && typeof plugin === "object" && "name" in plugin ? String(plugin.name) : "";
      return !/dts/i.test(name);
    });
    return mergeConfig(
      { ...viteConfig, plugins },
      {
        plugins: [tailwindcss()],
        build: {
          rollupOptions: {
            // Radix ships "use client" directives; they mean nothing in a static Storybook bundle.
            onwarn(warning, warn) {
              if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
              warn(warning);
            },
          },
        },
      },
    );
  },
};

export default config;
