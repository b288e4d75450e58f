// Types for the matchers that vitest.setup.ts registers, so test files type-check.
import "@testing-library/jest-dom/vitest";
import type { AxeMatchers } from "vitest-axe/matchers";

declare module "vitest" {
  // biome-ignore lint/suspicious/noExplicitAny: mirrors Vitest's own generic signature
  interface Assertion<T = any> extends AxeMatchers {}
  interface AsymmetricMatchersContaining extends AxeMatchers {}
}
