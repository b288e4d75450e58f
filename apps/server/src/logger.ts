import { type Logger, pino } from "pino";
import type { Config } from "./config/index.js";

export type { Logger };

/** One JSON logger for the process; level from LOG_LEVEL (tests default to warn). */
export function createLogger(config: Pick<Config, "LOG_LEVEL">): Logger {
  return pino({ level: config.LOG_LEVEL, base: undefined });
}
