/** The Veil mark: a shield with a veil fold. Decorative; the brand name is always next to it. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" fill="none" aria-hidden="true" focusable="false">
      <path
        d="M16 2.5 4.5 7v8.2c0 7 4.9 12.6 11.5 14.3 6.6-1.7 11.5-7.3 11.5-14.3V7L16 2.5Z"
        fill="var(--veil-primary)"
      />
      <path
        d="M9 12.5c2.3 1.8 4.6 2.7 7 2.7s4.7-.9 7-2.7c-.4 5.5-3.2 9.6-7 11.4-3.8-1.8-6.6-5.9-7-11.4Z"
        fill="var(--veil-primary-foreground)"
        opacity=".92"
      />
    </svg>
  );
}
