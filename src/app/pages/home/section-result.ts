import { defer } from "../../deferred";

/** A home section's data, or the fact that its read failed. */
export type SectionResult<T> = { ok: true; value: T } | { ok: false };

/**
 * Wraps one section's read for the loader: the section streams after the shell, and a
 * failed read becomes that section's error state (logged here) instead of failing the
 * page, on the server and in the browser alike, with or without JavaScript.
 */
export function sectionResult<T>(label: string, read: Promise<T>): Promise<SectionResult<T>> {
  return defer(
    read.then(
      (value): SectionResult<T> => ({ ok: true, value }),
      (err: unknown): SectionResult<T> => {
        console.error(`home: ${label} read failed`, err);
        return { ok: false };
      },
    ),
  );
}
