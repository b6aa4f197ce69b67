import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_UP_MESSAGES as NEWSLETTER_MESSAGES } from "../../src/lib/newsletter";
import { launchChromium, siteUrl, watchConsole, isHydrated } from "./browser";

// The site's rate limit allows 5 sign-up attempts a minute per client, and every request
// of this file comes from the same client: these tests post 4 times in all.

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const uniqueEmail = () => `e2e-${crypto.randomUUID().slice(0, 12)}@example.com`;

function newsletterForm(page: Page) {
  const form = page.locator("form#newsletter");
  return {
    form,
    input: form.getByLabel("Email address"),
    button: form.getByRole("button", { name: "Subscribe" }),
    message: form.getByRole("status"),
  };
}

async function hydrated(page: Page): Promise<void> {
  await expect.poll(() => isHydrated(page)).toBe(true);
}

describe("newsletter form with JavaScript", () => {
  it("shows the invalid message inline without sending, then subscribes in place", async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    await page.goto(`${siteUrl()}/stores`, { waitUntil: "networkidle" });
    await hydrated(page);
    const documents: string[] = [];
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
      if (request.method() === "POST") posts.push(request.url());
    });
    const { input, button, message } = newsletterForm(page);
    expect(await input.getAttribute("type")).toBe("email");
    expect(await input.getAttribute("placeholder")).toBe("Your email");
    expect(await input.getAttribute("required")).not.toBeNull();
    expect(await page.locator("form#newsletter").getAttribute("novalidate")).not.toBeNull();

    await input.fill("not-an-address");
    await button.click();
    await expect.poll(() => message.textContent()).toBe(NEWSLETTER_MESSAGES.invalid);
    expect(await input.getAttribute("aria-invalid")).toBe("true");
    expect(await input.getAttribute("aria-describedby")).toBe(await message.getAttribute("id"));
    expect(posts).toEqual([]);

    const email = uniqueEmail();
    await input.fill(email);
    await button.click();
    await expect.poll(() => message.textContent()).toBe(NEWSLETTER_MESSAGES.sent);
    expect(await input.getAttribute("aria-invalid")).toBeNull();
    expect(await input.inputValue()).toBe("");
    expect(await button.isEnabled()).toBe(true);

    // The same answer for an address already signed up: nobody learns whose address is on the list.
    await input.fill(email.toUpperCase());
    await button.click();
    await expect.poll(() => input.inputValue()).toBe("");
    await expect.poll(() => message.textContent()).toBe(NEWSLETTER_MESSAGES.sent);

    expect(posts).toEqual([`${siteUrl()}/newsletter`, `${siteUrl()}/newsletter`]);
    expect(documents).toEqual([]);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/stores");
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("newsletter form without JavaScript", () => {
  it("posts the form and shows the outcome on the page it redirects back to", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${siteUrl()}/stores?page=2`);
    const { input, button, message } = newsletterForm(page);
    expect(await message.textContent()).toBe("");

    await input.fill("still not an address");
    await Promise.all([page.waitForURL(/newsletter=invalid/), button.click()]);
    expect(page.url()).toBe(`${siteUrl()}/stores?page=2&newsletter=invalid#newsletter`);
    expect(await message.textContent()).toBe(NEWSLETTER_MESSAGES.invalid);
    expect(await input.getAttribute("aria-invalid")).toBe("true");
    // The form sends the visitor back to the page without the earlier outcome.
    expect(await page.locator('form#newsletter input[name="return_to"]').getAttribute("value")).toBe("/stores?page=2");

    await input.fill(uniqueEmail());
    await Promise.all([page.waitForURL(/newsletter=sent/), button.click()]);
    expect(page.url()).toBe(`${siteUrl()}/stores?page=2&newsletter=sent#newsletter`);
    expect(await message.textContent()).toBe(NEWSLETTER_MESSAGES.sent);
    expect(await input.getAttribute("aria-invalid")).toBeNull();
    await context.close();
  });
});
