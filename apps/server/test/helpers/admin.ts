/** `pnpm admin …` run in-process against a test app: its exit code and everything it printed. */
import { type AdminDeps, runAdmin } from "../../src/admin/index.js";
import type { TestApp } from "./test-app.js";

export async function runAdminOn(
  app: TestApp,
  argv: string[],
  overrides: Partial<Omit<AdminDeps, "out">> = {},
): Promise<{ code: number; text: string }> {
  const lines: string[] = [];
  const code = await runAdmin(argv, {
    db: app.db,
    clock: app.clock,
    payments: app.services.payments.service,
    enqueueNotice: app.services.mail.enqueueNotice,
    ...overrides,
    out: (t) => lines.push(t),
  });
  return { code, text: lines.join("\n") };
}
