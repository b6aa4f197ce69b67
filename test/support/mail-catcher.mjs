// @ts-check
/**
 * A real SMTP server on loopback for the tests and the mail benchmark (smtp-server, parsed
 * with mailparser): it accepts every message PocketBase sends and keeps it, so a test reads
 * what an address's owner would find in their inbox (a sign-in code, a confirmation, an
 * alert). `keep: false` only counts the messages per address (the 100,000-digest benchmark).
 * `refuse(address)` makes it answer that address with a 554, as a relay refusing it would;
 * `setDelay(ms)` holds each message that long before accepting it (a distant relay).
 */
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** @typedef {{ to: string[], from: string, subject: string, text: string, html: string, headers: Record<string, string> }} CaughtMail */

/** @param {{ port: number, keep?: boolean }} options */
export async function startMailCatcher({ port, keep = true }) {
  /** @type {CaughtMail[]} */
  const messages = [];
  /** Messages per address (every message, kept or not). @type {Map<string, number>} */
  const counts = new Map();
  /** @type {Set<string>} */
  const refused = new Set();
  let delayMs = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    // No reverse DNS of the client (127.0.0.1): where there is no resolver it costs a wait per connection.
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address.toLowerCase())) return callback();
      const error = /** @type {Error & { responseCode?: number }} */ (new Error("mailbox unavailable"));
      error.responseCode = 554;
      callback(error);
    },
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((address) => address.address.toLowerCase());
      const counted = () => {
        for (const address of to) counts.set(address, (counts.get(address) ?? 0) + 1);
        if (delayMs > 0) setTimeout(callback, delayMs);
        else callback();
      };
      if (!keep) {
        stream.on("data", () => {});
        stream.on("end", counted);
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          /** @type {Record<string, string>} */
          const headers = {};
          for (const { key, line } of mail.headerLines) headers[key] = line.slice(line.indexOf(":") + 1).trim();
          messages.push({
            to,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: mail.html || "",
            headers,
          });
          counted();
        },
        (error) => callback(error),
      );
    },
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(undefined));
  });
  return {
    port,
    counts,
    /** The messages sent to `address` (any case), oldest first. @param {string} address */
    to: (address) => messages.filter((message) => message.to.includes(address.toLowerCase())),
    /** The relay refuses `address` (554) from now on, or (`false`) accepts it again. @param {string} address */
    refuse: (address, refuse = true) => {
      if (refuse) refused.add(address.toLowerCase());
      else refused.delete(address.toLowerCase());
      return { address, refused: refuse };
    },
    /** @param {number} ms */
    setDelay: (ms) => {
      delayMs = ms;
    },
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
