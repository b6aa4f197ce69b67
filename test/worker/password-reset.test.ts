import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linksNamed, parsePage, textIn } from "./dom";
import { mailTo, pocketbaseWriter, postForm, setPocketBase, signInOnSite, siteAccount, testEnv, visit } from "./helpers";

/**
 * /admin/password-reset (docs/reports.md): a marketer who forgot their password asks the
 * site, PocketBase emails a link to its own page for the new one (through the tests' real
 * SMTP server), and the new password signs in on the site.
 */

const writer = await pocketbaseWriter();
let marketer: Awaited<ReturnType<typeof siteAccount>>;

beforeAll(async () => {
  marketer = await siteAccount(writer, "marketers");
});
afterAll(() => writer.cleanup());

/** The answer's text, as read on the page (the form, or the neutral message). */
const answerOf = async (response: Response) => textIn(parsePage(await response.text()).querySelector("main"));
const ask = (email: string, headers: Record<string, string> = {}) => postForm("/admin/password-reset", { email }, headers);

describe("a marketer's password reset", () => {
  it("is offered on the sign-in page, as a form that works without JavaScript", async () => {
    const signIn = parsePage(await (await visit("/admin/sign-in")).text());
    expect(linksNamed(signIn, "Forgot your password?")[0]?.getAttribute("href")).toBe("/admin/password-reset");
    const page = await visit("/admin/password-reset");
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    const form = parsePage(await page.text()).querySelector("form");
    expect([form?.getAttribute("method"), form?.getAttribute("action")]).toEqual(["post", "/admin/password-reset"]);
    expect(form?.querySelector("input[type=email][name=email]")).not.toBeNull();
  });

  it("emails PocketBase's reset link, whose new password then signs in on the site", async () => {
    const response = await ask(marketer.email);
    expect(response.status).toBe(200);
    const answer = await answerOf(response);
    expect(answer).toContain("If a marketer's or an editor's account has this address, we have emailed it a link to choose a new password.");

    let link = "";
    await expect
      .poll(async () => {
        const mail = (await mailTo(marketer.email)).find((message) => /reset/i.test(message.subject));
        link = /https?:\/\/\S+\/_\/#\/auth\/confirm-password-reset\/[\w.-]+/.exec(mail?.html ?? "")?.[0] ?? "";
        return link;
      })
      .not.toBe("");
    // PocketBase's own page: the operator sets PocketBase's Application URL (docs/reports.md);
    // here it is the tests' PocketBase itself.
    expect(link.startsWith(`${new URL(link).origin}/_/#/auth/confirm-password-reset/`)).toBe(true);
    const token = link.split("/").at(-1)!;
    const password = "a-new-password-for-reports";
    // What PocketBase's page sends when the new password is typed twice.
    const confirmed = await fetch(`${testEnv.TEST_CONTROL_URL}/api/collections/marketers/confirm-password-reset`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token, password, passwordConfirm: password }),
    });
    expect(confirmed.status).toBe(204);
    await expect(signInOnSite(marketer.email, marketer.password)).rejects.toThrow(/401/);
    expect(await signInOnSite(marketer.email, password)).toMatch(/^dp_admin=/);
  });

  it("answers an address no account has exactly as one that has it, and sends nothing", async () => {
    const nobody = `nobody-${crypto.randomUUID().slice(0, 8)}@accounts.test`;
    const [known, unknown] = [await ask(marketer.email), await ask(nobody)];
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(await answerOf(unknown)).toBe(await answerOf(known));
    // The known address's second email arrives: by then PocketBase has handled both requests.
    await expect.poll(async () => (await mailTo(marketer.email)).filter((message) => /reset/i.test(message.subject)).length).toBe(2);
    expect(await mailTo(nobody)).toEqual([]);
  });

  it("refuses posts from other sites and addresses that are not one, and says when PocketBase is down", async () => {
    expect((await ask(marketer.email, { Origin: "https://evil.example" })).status).toBe(403);
    const bad = await ask("not an address");
    expect(bad.status).toBe(400);
    expect(await answerOf(bad)).toContain("Enter the email address you sign in with.");
    await setPocketBase("stop");
    try {
      const down = await ask(marketer.email);
      expect(down.status).toBe(503);
      expect(await answerOf(down)).toContain("The email cannot be sent just now.");
    } finally {
      await setPocketBase("start");
    }
  });

  it("limits requests to 5 a minute per client", async () => {
    const client = { "CF-Connecting-IP": crypto.randomUUID() };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await ask(`limit-${i}@accounts.test`, client)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
