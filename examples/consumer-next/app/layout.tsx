// The package README's set-up for an app without Tailwind: the font, then the precompiled stylesheet.
import "@fontsource-variable/inter";
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
