// The package README's set-up for an app without Tailwind: the fonts, then the precompiled stylesheet.
// JetBrains Mono is for ConfigCard's configuration text (the tokens' --font-mono), which this page shows.
import "@fontsource-variable/inter";
import "@fontsource-variable/jetbrains-mono";
import "@veil/ui/styles.css";
import "./page.css";
import type { ReactNode } from "react";

export const metadata = { title: "@veil/ui in Next.js" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
