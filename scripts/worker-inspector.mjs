// @ts-check
/**
 * A Worker's V8 inspector (Chrome DevTools Protocol) as workerd serves it: wrangler dev's
 * for the soak's heap readings, Miniflare's for the render bench's CPU profile.
 */
import WebSocket from "ws";

const ANSWER_TIMEOUT_MS = 30_000;

/** The first Worker behind the inspector on `inspectorPort`. @param {number} inspectorPort */
export async function connectWorkerInspector(inspectorPort) {
  /** @type {{ webSocketDebuggerUrl: string }[]} */
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  const target = targets[0];
  if (!target) throw new Error(`no Worker behind the inspector on port ${inspectorPort}`);
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  let nextId = 0;
  /** @type {Map<number, (message: { result?: any, error?: { message: string } }) => void>} */
  const pending = new Map();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data));
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  });
  return {
    /** Sends a protocol command and resolves with its result. @param {string} method @param {Record<string, unknown>} [params] @returns {Promise<any>} */
    async send(method, params = {}) {
      const id = ++nextId;
      /** @type {{ result?: any, error?: { message: string } }} */
      const answer = await new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`the inspector did not answer ${method} within ${ANSWER_TIMEOUT_MS / 1000} s`));
        }, ANSWER_TIMEOUT_MS);
        pending.set(id, (message) => {
          clearTimeout(timer);
          resolve(message);
        });
        socket.send(JSON.stringify({ id, method, params }));
      });
      // workerd answers commands that return nothing (Profiler.enable) without a result.
      if (answer.error) throw new Error(`${method} failed: ${answer.error.message}`);
      return answer.result ?? {};
    },
    close() {
      socket.close();
    },
  };
}

/**
 * Reads the JavaScript heap of the Worker's isolate (`Runtime.getHeapUsage`). This is the
 * memory the site's code can hold on to; the workerd process around it also hosts
 * wrangler's local simulators and tooling, whose native memory grows under load whatever
 * the Worker does (decision 013).
 * @param {number} inspectorPort
 */
export async function connectWorkerHeap(inspectorPort) {
  const inspector = await connectWorkerInspector(inspectorPort);
  return {
    /** Heap in use and heap reserved by V8, in MiB. */
    async usage() {
      /** @type {{ usedSize: number, totalSize: number }} */
      const heap = await inspector.send("Runtime.getHeapUsage");
      if (typeof heap.usedSize !== "number") throw new Error("Runtime.getHeapUsage answered without the heap's size");
      return { usedMiB: heap.usedSize / 1048576, totalMiB: heap.totalSize / 1048576 };
    },
    /**
     * Heap in use right after a full garbage collection, in MiB: what the isolate holds on to.
     * workerd runs the collection when the isolate is next entered, so an idle Worker is
     * woken by requests to `wakeUrl`, one a second until the collection is done (a request
     * that arrives before the command does not run it).
     * @param {string} wakeUrl
     */
    async retainedMiB(wakeUrl) {
      let done = false;
      const collected = inspector.send("HeapProfiler.collectGarbage").finally(() => {
        done = true;
      });
      while (!done) {
        const woken = await fetch(wakeUrl);
        await woken.body?.cancel();
        await Promise.race([collected, new Promise((resolve) => setTimeout(resolve, 1000))]);
      }
      await collected;
      return (await this.usage()).usedMiB;
    },
    close: inspector.close,
  };
}
