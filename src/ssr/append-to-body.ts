const BODY_END = "</body></html>";

/** Whether the last `length` bytes of `bytes` are the first `length` bytes of `end`. */
function tailMatches(bytes: Uint8Array, end: Uint8Array, length: number): boolean {
  if (bytes.length < length) return false;
  for (let i = 0; i < length; i++) if (bytes[bytes.length - length + i] !== end[i]) return false;
  return true;
}

/** How many bytes at the end of `bytes` are the start of `end` (a proper prefix of it). */
function partialEnd(bytes: Uint8Array, end: Uint8Array): number {
  for (let length = Math.min(end.length - 1, bytes.length); length > 0; length--) if (tailMatches(bytes, end, length)) return length;
  return 0;
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
        if (tailMatches(bytes, end, end.length)) {
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
