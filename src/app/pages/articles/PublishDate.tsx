import { isoDay, mediumDate } from "../../../lib/dates";

/** A publish time in the spec's medium date format ("Mar 4, 2025", UTC on both sides). */
export function PublishDate({ value, className }: { value: string; className?: string }) {
  const text = mediumDate(value);
  if (!text) return null;
  return (
    <time className={className} dateTime={isoDay(value)}>
      {text}
    </time>
  );
}
