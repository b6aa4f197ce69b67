// @ts-check
/** `npm start`: the whole site locally, on http://127.0.0.1:8787, until Ctrl-C. */
import { fileURLToPath } from "node:url";
import net from "node:net";
import path from "node:path";
import { DEMO_EDITOR, DEMO_MARKETER } from "../pocketbase/seed-content.mjs";
import { startStack } from "./dev-stack.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.PORT ?? 8787);
const pbPort = Number(process.env.PB_PORT ?? 8090);
const email = process.env.PB_ADMIN_EMAIL ?? "admin@dealpilot.local";
const password = process.env.PB_ADMIN_PASSWORD ?? "localadmin-1234";
const dataDir = path.resolve(root, process.env.PB_DATA_DIR ?? "pocketbase/pb_data");
// The local mail catcher: PocketBase sends through its SMTP port; its web inbox shows what arrived.
const mail = { smtpPort: Number(process.env.MAIL_SMTP_PORT ?? 1025), uiPort: Number(process.env.MAIL_UI_PORT ?? 1080) };

/** @param {number} p */
const portFree = (p) =>
  new Promise((resolve) => {
    const server = net.createServer().once("error", () => resolve(false));
    server.listen(p, "127.0.0.1", () => server.close(() => resolve(true)));
  });

for (const [name, p] of [
  ["PORT", port],
  ["PB_PORT", pbPort],
  ["MAIL_SMTP_PORT", mail.smtpPort],
  ["MAIL_UI_PORT", mail.uiPort],
]) {
  if (!(await portFree(Number(p)))) {
    console.error(`Port ${p} (${name}) is already in use. Stop what runs there or set ${name}.`);
    process.exit(1);
  }
}

const started = Date.now();
// Served as deployed: React's production build (~5x faster renders than the development one).
const stack = await startStack({ dataDir, pbPort, port, email, password, production: true, mail });
console.log(`
  Site:             ${stack.siteUrl}   (try ${stack.siteUrl}/stores)
  PocketBase admin: ${stack.adminUrl}   (${email} / ${password})
  Reports:          ${stack.siteUrl}/admin/reports   (demo marketer ${DEMO_MARKETER.email} / ${DEMO_MARKETER.password})
  Mail inbox:       ${stack.mailUrl}   (every email the site sends; SMTP on 127.0.0.1:${mail.smtpPort})
  Preview drafts:   ${stack.siteUrl}/admin/sign-in   (demo editor ${DEMO_EDITOR.email} / ${DEMO_EDITOR.password})
  Data:             ${path.relative(root, dataDir)}   Ready in ${((Date.now() - started) / 1000).toFixed(1)} s. Ctrl-C stops everything.
`);

let stopping = false;
const shutdown = async (/** @type {number} */ code) => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(code);
};
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
stack.wrangler?.once("exit", (code) => {
  if (!stopping) {
    console.error(`wrangler dev stopped (code ${code}); stopping PocketBase.`);
    void shutdown(1);
  }
});
