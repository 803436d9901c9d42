/**
 * How the server reports a failed start: one line on stderr and exit 1. Until the app's logger takes
 * over, an error nobody caught is printed without its parameters, rows or hashes: Node's own dump
 * prints every property of the error.
 */
import { scrubMessage, serializeError } from './log-redaction.ts';

export function fail(line: string): never {
  console.error(`grove: ${line}`);
  process.exit(1);
}

/** The first line of an error's message, scrubbed of secrets. */
export function describe(error: unknown) {
  return scrubMessage(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
}

function crashedEarly(error: unknown) {
  console.error(`grove: stopped by an unexpected error: ${JSON.stringify(serializeError(error))}`);
  process.exit(1);
}

/** Reports an uncaught error as above until `handOver()` (the app's logger and close-with-grace take over). */
export function reportEarlyCrashes() {
  process.on('uncaughtException', crashedEarly);
  process.on('unhandledRejection', crashedEarly);
  return function handOver() {
    process.off('uncaughtException', crashedEarly);
    process.off('unhandledRejection', crashedEarly);
  };
}
