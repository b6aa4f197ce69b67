// @ts-check
/**
 * A loopback proxy in front of the test PocketBase. The Worker under test reads through
 * it, so tests can count origin requests (cache coalescing) and really stop and restart
 * PocketBase (stale-if-error), and slow down chosen reads (streaming). Control endpoints live under /__test/ and are never
 * requested by the Worker, which only forwards /api/collections and /api/files paths.
 */
import http from "node:http";

/**
 * `mail` (the tests' SMTP server, mail-catcher.mjs) answers GET /__test/mail?to=… with the
 * messages it caught for an address, and POST /__test/mail/refuse?to=…&refuse=1|0 makes it
 * refuse that address (a relay's 554) or accept it again.
 * @param {{ port: number, upstreamPort: number, stopUpstream: () => Promise<void>, startUpstream: () => Promise<void>, mail?: { to: (address: string) => unknown[], refuse: (address: string, refuse?: boolean) => unknown } }} options
 */
export async function startFaultProxy({ port, upstreamPort, stopUpstream, startUpstream, mail }) {
  /** @type {string[]} */
  const seen = [];
  /** Requests whose URL contains `needle` wait `ms` before being forwarded. */
  let delay = { needle: "", ms: 0 };
  const server = http.createServer((req, res) => {
    const url = req.url ?? "/";
    if (url.startsWith("/__test/")) {
      control(url, req.method ?? "GET").then(
        (body) => {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify(body));
        },
        (err) => {
          res.writeHead(500, { "content-type": "text/plain" });
          res.end(String(err));
        },
      );
      return;
    }
    seen.push(url);
    const wait = delay.needle && decodeURIComponent(url).includes(delay.needle) ? delay.ms : 0;
    setTimeout(() => forward(url, req, res), wait);
  });

  /** @param {string} url @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  function forward(url, req, res) {
    const upstream = http.request(
      { host: "127.0.0.1", port: upstreamPort, path: url, method: req.method, headers: { ...req.headers, host: `127.0.0.1:${upstreamPort}` } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    // PocketBase is down: drop the connection, as a stopped origin would.
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  }

  /** @param {string} url @param {string} method */
  async function control(url, method) {
    const { pathname, searchParams } = new URL(url, "http://proxy");
    if (pathname === "/__test/count") {
      const needle = searchParams.get("contains") ?? "";
      return { count: seen.filter((u) => decodeURIComponent(u).includes(needle)).length };
    }
    if (pathname === "/__test/delay" && method === "POST") {
      delay = { needle: searchParams.get("contains") ?? "", ms: Number(searchParams.get("ms") ?? 0) };
      return delay;
    }
    if (pathname === "/__test/pocketbase/stop" && method === "POST") {
      await stopUpstream();
      return { stopped: true };
    }
    if (pathname === "/__test/mail" && mail) return mail.to(searchParams.get("to") ?? "");
    if (pathname === "/__test/mail/refuse" && method === "POST" && mail) return mail.refuse(searchParams.get("to") ?? "", searchParams.get("refuse") !== "0");
    if (pathname === "/__test/pocketbase/start" && method === "POST") {
      await startUpstream();
      return { started: true };
    }
    throw new Error(`unknown control ${method} ${pathname}`);
  }

  await new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(undefined)));
  return {
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}
