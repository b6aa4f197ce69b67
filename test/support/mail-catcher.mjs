// @ts-check
/**
 * A real SMTP server on loopback for the tests (smtp-server, parsed with mailparser): it
 * accepts every message PocketBase sends and keeps it, so a test reads what an account's
 * owner would find in their inbox (a sign-in code, say).
 */
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** @typedef {{ to: string[], from: string, subject: string, text: string, html: string, headers: Record<string, string> }} CaughtMail */

/** @param {{ port: number }} options */
export async function startMailCatcher({ port }) {
  /** @type {CaughtMail[]} */
  const messages = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const to = session.envelope.rcptTo.map((address) => address.address.toLowerCase());
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
          callback();
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
    /** The messages sent to `address` (any case), oldest first. @param {string} address */
    to: (address) => messages.filter((message) => message.to.includes(address.toLowerCase())),
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
