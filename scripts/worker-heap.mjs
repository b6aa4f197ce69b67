// @ts-check
/**
 * Reads the JavaScript heap of the Worker's isolate through wrangler dev's V8 inspector
 * (Chrome DevTools Protocol, `Runtime.getHeapUsage`). This is the memory the site's code
 * can hold on to; the workerd process around it also hosts wrangler's local simulators and
 * tooling, whose native memory grows under load whatever the Worker does (decision 013).
 */
import WebSocket from "ws";

/** @param {number} inspectorPort */
export async function connectWorkerHeap(inspectorPort) {
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
  /** @type {Map<number, (message: { result?: { usedSize: number, totalSize: number }, error?: { message: string } }) => void>} */
  const pending = new Map();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data));
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  });
  return {
    /** Heap in use and heap reserved by V8, in MiB. */
    async usage() {
      const id = ++nextId;
      const answer = await new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error("the inspector did not answer Runtime.getHeapUsage within 10 s"));
        }, 10_000);
        pending.set(id, (message) => {
          clearTimeout(timer);
          resolve(message);
        });
        socket.send(JSON.stringify({ id, method: "Runtime.getHeapUsage" }));
      });
      if (!answer.result) throw new Error(`Runtime.getHeapUsage failed: ${answer.error?.message}`);
      return { usedMiB: answer.result.usedSize / 1048576, totalMiB: answer.result.totalSize / 1048576 };
    },
    close() {
      socket.close();
    },
  };
}
