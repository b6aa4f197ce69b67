const BODY_END = "</body></html>";

/**
 * Passes the HTML stream through unchanged and inserts `tail()` just before the closing
 * `</body></html>`, which React writes last, once every Suspense boundary has streamed.
 * Earlier chunks (the shell) are never held back.
 */
export function appendToBody(html: ReadableStream<Uint8Array>, tail: () => Promise<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const end = encoder.encode(BODY_END);
  let closing: Uint8Array | undefined;
  const endsWithClosing = (chunk: Uint8Array) =>
    chunk.length >= end.length && decoder.decode(chunk.subarray(chunk.length - end.length)) === BODY_END;
  return html.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (endsWithClosing(chunk)) {
          controller.enqueue(chunk.subarray(0, chunk.length - end.length));
          closing = end;
        } else controller.enqueue(chunk);
      },
      async flush(controller) {
        controller.enqueue(encoder.encode(await tail()));
        if (closing) controller.enqueue(closing);
      },
    }),
  );
}
