/** The events queue and its dead-letter queue (wrangler.toml `[[queues.consumers]]`, docs/events.md). */
export const EVENTS_QUEUE = "dealpilot-events";
export const EVENTS_DEAD_LETTER_QUEUE = "dealpilot-events-dlq";
