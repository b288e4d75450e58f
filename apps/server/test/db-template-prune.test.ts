/**
 * The cache of migrated PGlite templates (src/db/template-cache.ts) in a shared temporary folder:
 * every migration change leaves an ~18 MB file behind, so writing a new one removes those nobody
 * has read for a week, and reading one marks it as used. Files only, no database: runs once
 * (RUN_ONCE_TESTS).
 */
import { existsSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cachedPgliteTemplate } from "../src/db/index.js";
import { pruneStaleTemplates, STALE_TEMPLATE_MS, templateFile } from "../src/db/template-cache.js";

const DAY = 24 * 60 * 60 * 1000;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "veil-template-prune-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A file in the cache folder last used `ageMs` before `now`. */
function fileUsed(name: string, ageMs: number, now: number): string {
  const file = path.join(dir, name);
  writeFileSync(file, "x");
  const at = new Date(now - ageMs);
  utimesSync(file, at, at);
  return file;
}

describe("given a folder of cached templates", () => {
  it("should remove the templates and unfinished writes unused for a week, and nothing else", () => {
    const now = Date.now();
    const old = fileUsed("pglite-0.5.16-slim1-0123456789abcdef.tar", STALE_TEMPLATE_MS + DAY, now);
    const halfWritten = fileUsed("pglite-0.5.16-slim1-0123456789abcdef.tar.4242.9f3a1c2e", 8 * DAY, now);
    const recent = fileUsed("pglite-0.5.16-slim1-fedcba9876543210.tar", 6 * DAY, now);
    // Another process writing its template right now.
    const beingWritten = fileUsed("pglite-0.5.16-slim1-fedcba9876543210.tar.4243.0a1b2c3d", 0, now);
    const notOurs = fileUsed("notes.tar", 30 * DAY, now);
    pruneStaleTemplates(dir, now);
    expect([old, halfWritten, recent, beingWritten, notOurs].map(existsSync)).toEqual([false, false, true, true, true]);
  });

  it("should count a template read from the cache as used, so it is not pruned", async () => {
    const now = Date.now();
    const file = templateFile(dir);
    writeFileSync(file, "a cached dump");
    const monthAgo = new Date(now - 30 * DAY);
    utimesSync(file, monthAgo, monthAgo);
    const blob = await cachedPgliteTemplate(dir);
    expect(await blob.text()).toBe("a cached dump");
    expect(Math.abs(now - statSync(file).mtimeMs)).toBeLessThan(DAY);
    pruneStaleTemplates(dir, now);
    expect(existsSync(file)).toBe(true);
  });

  it("should prune when it writes a new template, keeping the new one", { timeout: 120_000 }, async () => {
    const now = Date.now();
    const superseded = fileUsed("pglite-0.5.16-slim1-0123456789abcdef.tar", STALE_TEMPLATE_MS + DAY, now);
    await cachedPgliteTemplate(dir);
    expect(existsSync(superseded)).toBe(false);
    expect(statSync(templateFile(dir)).size).toBeGreaterThan(1_000_000);
  });
});
