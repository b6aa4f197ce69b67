const BODY_END = "</body></html>";

/** How many bytes at the end of `bytes` are the start of `end` (a proper prefix of it). */
function partialEnd(bytes: Uint8Array, end: Uint8Array): number {
  for (let length = Math.min(end.length - 1, bytes.length); length > 0; length--) {
    let match = true;
    for (let i = 0; i < length && match; i++) match = bytes[bytes.length - length + i] === end[i];
    if (match) return length;
  }
  return 0;
}

function endsWith(bytes: Uint8Array, end: Uint8Array): boolean {
  if (bytes.length < end.length) return false;
  for (let i = 0; i < end.length; i++) if (bytes[bytes.length - end.length + i] !== end[i]) return false;
  return true;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (!a.length) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * Passes the HTML stream through unchanged and inserts `tail()` just before the closing
 * `</body></html>`, which React writes last, once every Suspense boundary has streamed.
 * The closing tags may arrive split across two chunks, so a chunk's last bytes are held
 * back only when they could be their start; the shell is otherwise never held back.
 */
export function appendToBody(html: ReadableStream<Uint8Array>, tail: () => Promise<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const end = encoder.encode(BODY_END);
  let held: Uint8Array = new Uint8Array(0);
  let closing: Uint8Array | undefined;
  return html.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const bytes = concat(held, chunk);
        held = new Uint8Array(0);
        if (endsWith(bytes, end)) {
          controller.enqueue(bytes.subarray(0, bytes.length - end.length));
          closing = end;
          return;
        }
        const partial = partialEnd(bytes, end);
        if (partial) held = bytes.slice(bytes.length - partial);
        if (bytes.length > partial) controller.enqueue(bytes.subarray(0, bytes.length - partial));
      },
      async flush(controller) {
        if (held.length) controller.enqueue(held);
        controller.enqueue(encoder.encode(await tail()));
        if (closing) controller.enqueue(closing);
      },
    }),
  );
}
