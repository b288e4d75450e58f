import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy*/waitFor give up after 1 s by default; on a 2-core machine running the whole suite a
// dialog closing after a mocked request has taken longer (sessions-section.test.tsx failed so
// twice). A wait ends as soon as its condition holds, so a longer limit costs a passing test nothing.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
