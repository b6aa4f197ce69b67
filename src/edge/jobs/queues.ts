import type { Env } from "../../env";
import { consumeEvents } from "../events/events-consumer";
import { EVENTS_DEAD_LETTER_QUEUE, EVENTS_QUEUE } from "../events/queue-names";
import { assertDeployment } from "../ops/deployment-check";

/**
 * The Worker's queue() handler: each queue this Worker consumes (wrangler.toml
 * `[[queues.consumers]]`) and the consumer its batches go to. The events queue and its
 * dead-letter queue share one consumer (docs/events.md). A batch of a queue not listed here
 * is logged and retried, so a consumer added to wrangler.toml without its code loses nothing.
 */
type Consumer = (batch: MessageBatch<unknown>, env: Env, ctx: ExecutionContext) => Promise<void>;

const CONSUMERS: Record<string, Consumer> = {
  [EVENTS_QUEUE]: consumeEvents,
  [EVENTS_DEAD_LETTER_QUEUE]: consumeEvents,
};

export async function consumeQueue(batch: MessageBatch<unknown>, env: Env, ctx: ExecutionContext): Promise<void> {
  assertDeployment(env);
  const consumer = CONSUMERS[batch.queue];
  if (consumer) return consumer(batch, env, ctx);
  console.error(`queue ${batch.queue}: no consumer in src/edge/jobs/queues.ts; ${batch.messages.length} messages retried`);
  batch.retryAll();
}
