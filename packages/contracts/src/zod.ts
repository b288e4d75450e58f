/**
 * The one zod every schema of this package is built with, switched to jitless mode first. zod
 * otherwise compiles object parsers with `new Function` and probes for it while the first schemas
 * are built (at import time, before an app could call `z.config`). The server's
 * Content-Security-Policy forbids eval, so Chromium reports that probe as a violation. Parsing is
 * unchanged; only the compiled fast path is skipped. package.json lists this file under
 * `sideEffects`, or bundlers would drop the call (the schemas only pass `z` through).
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };
