import { type Logger, pino } from "pino";
import type { Config } from "./config/index.js";

export type { Logger };

/**
 * What must never reach a log, whoever wrote the line: e-mail addresses (an SMTP refusal or a
 * database error may quote one) and JWTs (access tokens). Lines are written without them on
 * purpose everywhere; this is the net under that.
 */
const EMAIL = /[^\s@"'<>()[\]{},;:]+@[^\s@"'<>()[\]{},;:]+\.[A-Za-z]{2,}/g;
const JWT = /eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/g;

export function scrubText(text: string): string {
  return text.replace(EMAIL, "[email]").replace(JWT, "[token]");
}

function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubText(value);
  if (!value || typeof value !== "object" || depth > 6) return value;
  if (value instanceof Error) {
    return { type: value.name, message: scrubText(value.message), stack: value.stack && scrubText(value.stack) };
  }
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrub(item, depth + 1)]));
}

/** One JSON logger for the process; level from LOG_LEVEL (tests default to warn). */
export function createLogger(config: Pick<Config, "LOG_LEVEL">, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.LOG_LEVEL,
    base: undefined,
    formatters: { log: (object) => scrub(object) as Record<string, unknown> },
    hooks: {
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === "string" ? scrubText(arg) : arg)) as Parameters<typeof method>,
        );
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
