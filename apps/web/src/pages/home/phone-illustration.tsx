import { useT } from "../../i18n/use-t.js";
import monoText from "./illustration-mono-text.json";

/**
 * The success-versus-error phone pictures of the landing page (docs/product.md §2.6), drawn as SVG so they are
 * crisp at any size, weigh a few hundred bytes, and carry their text in the page's language.
 */
export function PhoneIllustration({ variant }: { variant: "success" | "error" }) {
  const t = useT();
  const ok = variant === "success";
  const accent = ok ? "var(--veil-success)" : "var(--veil-danger)";
  return (
    <svg
      viewBox="0 0 220 420"
      role="img"
      aria-label={t(ok ? "home.compare.successAlt" : "home.compare.errorAlt")}
      className="h-auto w-full max-w-[220px]"
    >
      {/* body and screen */}
      <rect x="4" y="4" width="212" height="412" rx="32" fill="var(--veil-surface-inverse)" />
      <rect x="14" y="16" width="192" height="388" rx="24" fill="var(--veil-surface)" />
      <rect x="84" y="24" width="52" height="8" rx="4" fill="var(--veil-border)" />
      {/* status bar: shield and state */}
      <rect
        x="28"
        y="48"
        width="164"
        height="40"
        rx="12"
        fill={ok ? "var(--veil-success-surface)" : "var(--veil-danger-surface)"}
      />
      <path
        d="M48 56l-10 4v7c0 6 4.3 11 10 12.5 5.7-1.5 10-6.5 10-12.5v-7l-10-4Z"
        fill={accent}
        opacity={ok ? 1 : 0.85}
      />
      {ok ? (
        // The mark on the solid shield takes the token for text on a solid fill: white in light, and
        // dark in dark, where the shield turns light (a fixed white would all but vanish there).
        <path
          d="m43 67 3.5 3.5L53 64"
          stroke="var(--veil-primary-foreground)"
          strokeWidth="2.5"
          fill="none"
          strokeLinecap="round"
        />
      ) : (
        <path
          d="m44 63 8 8m0-8-8 8"
          stroke="var(--veil-danger-solid-foreground)"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
      )}
      <text x="68" y="73" fontSize="13" fontWeight="600" fill={accent} className="font-sans">
        {t(ok ? "home.compare.phoneStatusOn" : "home.compare.phoneStatusOff")}
      </text>
      {ok ? (
        <g>
          {/* a loaded page: image block and text lines */}
          <rect x="28" y="104" width="164" height="96" rx="10" fill="var(--veil-primary-subtle)" />
          <circle cx="70" cy="140" r="14" fill="var(--veil-primary)" opacity=".5" />
          <path d="M40 190l36-34 24 22 20-14 60 26H40Z" fill="var(--veil-primary)" opacity=".35" />
          {[216, 232, 248, 264].map((y, i) => (
            <rect key={y} x="28" y={y} width={i === 3 ? 96 : 164} height="8" rx="4" fill="var(--veil-border)" />
          ))}
          <rect x="28" y="288" width="164" height="56" rx="10" fill="var(--veil-surface-muted)" />
          <rect x="40" y="302" width="90" height="8" rx="4" fill="var(--veil-text-muted)" opacity=".5" />
          <rect x="40" y="318" width="120" height="8" rx="4" fill="var(--veil-border)" />
          <rect x="28" y="360" width="164" height="28" rx="14" fill="var(--veil-primary)" />
        </g>
      ) : (
        <g>
          {/* a failed page: broken cloud and an error message */}
          <path
            d="M86 214a22 22 0 0 1 3-43.8 30 30 0 0 1 56 8.8A18 18 0 0 1 142 214H86Z"
            fill="var(--veil-surface-muted)"
            stroke="var(--veil-border-strong)"
            strokeWidth="2"
          />
          <path d="m100 186 20 20m0-20-20 20" stroke="var(--veil-danger)" strokeWidth="4" strokeLinecap="round" />
          <text
            x="110"
            y="250"
            fontSize="12"
            fontWeight="600"
            textAnchor="middle"
            fill="var(--veil-text)"
            className="font-sans"
          >
            {t("home.compare.phoneErrorText")}
          </text>
          <text
            x="110"
            y="270"
            fontSize="10"
            textAnchor="middle"
            fill="var(--veil-text-muted)"
            fontFamily="JetBrains Mono Illustration, monospace"
          >
            {monoText.text}
          </text>
          <rect x="60" y="300" width="100" height="28" rx="14" fill="none" stroke="var(--veil-border-strong)" />
          <path
            d="M104 314a6 6 0 1 0 2-4.5M106 306v4h-4"
            stroke="var(--veil-text-muted)"
            strokeWidth="1.6"
            fill="none"
          />
        </g>
      )}
    </svg>
  );
}
