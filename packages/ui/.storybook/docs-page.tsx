import {
  Controls,
  Description,
  Markdown,
  Primary,
  Stories,
  Subtitle,
  Title,
  useOf,
} from "@storybook/addon-docs/blocks";

/**
 * Each component's docs page: the autodocs blocks (description, primary story, props table from the
 * types, every story) plus the component's own README.md, so its API notes and accessibility
 * contract are part of the documentation site and never drift from the README in the repository.
 */
const readmes = import.meta.glob<string>("../src/components/*/README.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** "Components/PlanCard" → "../src/components/plan-card/README.md". */
function readmeOf(title: string): string | undefined {
  const name = title.split("/").at(-1) ?? title;
  const folder = name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
  return readmes[`../src/components/${folder}/README.md`];
}

export function ComponentDocsPage() {
  const { preparedMeta } = useOf("meta", ["meta"]);
  const readme = readmeOf(preparedMeta.title);
  return (
    <>
      <Title />
      <Subtitle />
      <Description />
      <Primary />
      <Controls />
      {readme ? (
        <section aria-label="README and accessibility contract">
          {/* The README's own first heading repeats the title above; the rest is shown as written. */}
          <Markdown>{readme.replace(/^# .*\n/, "")}</Markdown>
        </section>
      ) : null}
      <Stories />
    </>
  );
}
