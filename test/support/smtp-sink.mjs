// @ts-check
/**
 * A real SMTP server in the test process (smtp-server), with every message parsed by
 * mailparser and kept in memory, for the tests and the mail benchmark: PocketBase's mailer
 * sends to it over SMTP as it would to a relay. `delayMs` holds each message that long before
 * accepting it (a distant relay); `refuse(address)` answers that address with a 554 (a relay
 * refusing it). A loopback HTTP control lists what arrived:
 *
 *   GET  /messages?to=<address>   the messages to that address (all without `to`), oldest first
 *   POST /refuse?to=<address>     the relay refuses that address from now on
 *   POST /accept?to=<address>     and accepts it again
 *   POST /delay?ms=<n>            holds each message n ms
 */
import http from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * @typedef {object} ReceivedMessage
 * @property {string} to the envelope's recipient
 * @property {string} from
 * @property {string} subject
 * @property {string} html
 * @property {string} text
 * @property {Record<string, string>} headers every header as received, names in lower case
 * @property {string} raw the whole message as received
 */

/**
 * @param {{ smtpPort?: number, controlPort?: number, keep?: boolean }} [options] `keep: false`
 * counts messages per recipient without keeping them (the 100,000-message benchmark).
 */
export async function startSmtpSink({ smtpPort = 0, controlPort = 0, keep = true } = {}) {
  /** @type {ReceivedMessage[]} */
  const messages = [];
  /** @type {Map<string, number>} */
  const counts = new Map();
  /** @type {Set<string>} */
  const refused = new Set();
  let delayMs = 0;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    // No reverse DNS of the client (127.0.0.1): it costs about 100 ms a connection where there is no resolver.
    disableReverseLookup: true,
    logger: false,
    size: 2 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase())) {
        const error = /** @type {Error & { responseCode?: number }} */ (new Error("mailbox unavailable"));
        error.responseCode = 554;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      /** @type {Buffer[]} */
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", async () => {
        const to = (session.envelope.rcptTo[0]?.address ?? "").toLowerCase();
        try {
          if (keep) {
            const raw = Buffer.concat(chunks).toString("utf8");
            const parsed = await simpleParser(raw);
            /** @type {Record<string, string>} */
            const headers = {};
            for (const line of parsed.headerLines) headers[line.key] = line.line.slice(line.line.indexOf(":") + 1).trim();
            messages.push({
              to,
              from: parsed.from?.text ?? "",
              subject: parsed.subject ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              text: parsed.text ?? "",
              headers,
              raw,
            });
          }
          counts.set(to, (counts.get(to) ?? 0) + 1);
          if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
          callback();
        } catch (error) {
          callback(/** @type {Error} */ (error));
        }
      });
    },
  });
  await new Promise((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(smtpPort, "127.0.0.1", () => resolve(undefined));
  });
  const address = smtp.server.address();
  const port = typeof address === "object" && address ? address.port : smtpPort;

  const control = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://sink");
    const to = (url.searchParams.get("to") ?? "").toLowerCase();
    const reply = (/** @type {unknown} */ body) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "GET" && url.pathname === "/messages") return reply(to ? messages.filter((m) => m.to === to) : messages);
    if (req.method === "POST" && url.pathname === "/refuse") {
      refused.add(to);
      return reply({ refused: to });
    }
    if (req.method === "POST" && url.pathname === "/accept") {
      refused.delete(to);
      return reply({ accepted: to });
    }
    if (req.method === "POST" && url.pathname === "/delay") {
      delayMs = Number(url.searchParams.get("ms") ?? 0);
      return reply({ delayMs });
    }
    res.writeHead(404).end();
  });
  await new Promise((resolve) => control.listen(controlPort, "127.0.0.1", () => resolve(undefined)));
  const controlAddress = control.address();
  const controlUrl = `http://127.0.0.1:${typeof controlAddress === "object" && controlAddress ? controlAddress.port : controlPort}`;

  return {
    port,
    controlUrl,
    messages,
    counts,
    /** @param {number} ms */
    setDelay: (ms) => {
      delayMs = ms;
    },
    close: async () => {
      control.closeAllConnections();
      await new Promise((resolve) => control.close(() => resolve(undefined)));
      await new Promise((resolve) => smtp.close(() => resolve(undefined)));
    },
  };
}
