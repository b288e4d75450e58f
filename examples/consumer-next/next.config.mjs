// A static export: every page is rendered at build time by React Server Components, so the HTML in
// out/ is what the server components produced, and the Playwright project serves it as files.
/** @type {import('next').NextConfig} */
export default {
  output: "export",
  // The workspace above has its own lockfile; this app is built on its own.
  turbopack: { root: import.meta.dirname },
};
