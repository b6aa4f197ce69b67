import { afterEach, describe, expect, it, vi } from "vitest";
import { denyUntilConsent, startAnalytics } from "../../client/analytics";
import { PAGE_SHOWN_EVENT } from "../../src/app/layout/page-shown";

/** A router whose state changes, and the Layout's announcement once React has committed. */
function fakeRouter() {
  const router = {
    state: { location: { pathname: "/stores", search: "", key: "a" }, navigation: { state: "idle" } },
    emit: (location: { pathname: string; search: string; key: string }, navigation = "idle") => {
      router.state = { location, navigation: { state: navigation } };
    },
    commit: (title: string) => {
      (globalThis.document as { title: string }).title = title;
      (globalThis.window as unknown as EventTarget).dispatchEvent(new Event(PAGE_SHOWN_EVENT));
    },
  };
  return router;
}

function fakeBrowser(appendChild: () => void) {
  const appended: { src?: string }[] = [];
  vi.stubGlobal("window", Object.assign(new EventTarget(), { location: { origin: "https://site.example" } }));
  vi.stubGlobal("document", {
    title: "T",
    createElement: () => ({}),
    head: {
      appendChild: (el: { src?: string }) => {
        appendChild();
        appended.push(el);
      },
    },
  });
  return appended;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("startAnalytics", () => {
  it("inserts gtag.js once, turns automatic page views off, and sends one page_view per completed navigation", () => {
    const scripts = fakeBrowser(() => undefined);
    const router = fakeRouter();
    startAnalytics(router as never, "G-TEST", { consented: false });
    expect(scripts.map((s) => s.src)).toEqual(["https://www.googletagmanager.com/gtag/js?id=G-TEST"]);
    router.emit({ pathname: "/stores", search: "?page=2", key: "b" }, "loading");
    router.commit("T");
    router.emit({ pathname: "/stores", search: "?page=2", key: "b" });
    router.commit("Stores page 2");
    router.commit("Stores page 2");
    const layer = (globalThis.window as unknown as { dataLayer: IArguments[] }).dataLayer.map((args) => Array.from(args));
    expect(layer[1]).toEqual(["config", "G-TEST", { send_page_view: false, cookie_flags: "SameSite=Strict" }]);
    const views = layer.filter((a) => a[0] === "event" && a[1] === "page_view").map((a) => a[2] as { page_path: string; page_title: string });
    expect(views.map((v) => v.page_path)).toEqual(["/stores", "/stores?page=2"]);
  });

  it("reports the title of the page it reports, read once React has committed it", () => {
    fakeBrowser(() => undefined);
    const router = fakeRouter();
    startAnalytics(router as never, "G-TEST", { consented: false });
    // The router is idle on the new location before React has put the new title in place.
    router.emit({ pathname: "/privacy-policy", search: "", key: "b" });
    router.commit("Privacy Policy | DealPilot");
    const layer = (globalThis.window as unknown as { dataLayer: IArguments[] }).dataLayer.map((args) => Array.from(args));
    const views = layer.filter((a) => a[0] === "event" && a[1] === "page_view").map((a) => a[2] as { page_path: string; page_title: string });
    expect(views.map((v) => [v.page_path, v.page_title])).toEqual([
      ["/stores", "T"],
      ["/privacy-policy", "Privacy Policy | DealPilot"],
    ]);
  });

  it("logs 'Error appending google analytics' when the script cannot be inserted", () => {
    fakeBrowser(() => {
      throw new Error("blocked");
    });
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    startAnalytics(fakeRouter() as never, "G-TEST", { consented: false });
    expect(error).toHaveBeenCalledWith("Error appending google analytics", expect.any(Error));
  });

  it("does nothing without a measurement id", () => {
    const scripts = fakeBrowser(() => undefined);
    startAnalytics(fakeRouter() as never, "", { consented: false });
    expect(scripts).toEqual([]);
  });
});

describe("startAnalytics for a visitor who opted out", () => {
  it.each([
    { signal: "Global Privacy Control", navigator: { globalPrivacyControl: true }, cookie: "" },
    { signal: "Do Not Track", navigator: { doNotTrack: "1" }, cookie: "" },
    { signal: "the do-not-sell control", navigator: {}, cookie: "a=1; dp_optout=1" },
  ])("inserts no script and sends nothing under $signal", ({ navigator, cookie }) => {
    const scripts = fakeBrowser(() => undefined);
    vi.stubGlobal("navigator", navigator);
    (globalThis.document as unknown as { cookie: string }).cookie = cookie;
    startAnalytics(fakeRouter() as never, "G-TEST", { consented: false });
    expect(scripts).toEqual([]);
    expect((globalThis.window as unknown as { gtag?: unknown }).gtag).toBeUndefined();
  });
});

describe("startAnalytics where consent is asked (issue 51)", () => {
  const layer = () => (globalThis.window as unknown as { dataLayer: IArguments[] }).dataLayer.map((args) => Array.from(args));

  it("before a choice, queues Consent Mode's defaults, every signal denied, and loads nothing", () => {
    const scripts = fakeBrowser(() => undefined);
    denyUntilConsent();
    expect(scripts).toEqual([]);
    expect(layer()).toEqual([
      ["consent", "default", { analytics_storage: "denied", ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" }],
    ]);
  });

  it("once accepted, grants analytics (ads stay denied) before the script loads and the page is counted", () => {
    const scripts = fakeBrowser(() => undefined);
    denyUntilConsent();
    startAnalytics(fakeRouter() as never, "G-TEST", { consented: true });
    expect(scripts.map((s) => s.src)).toEqual(["https://www.googletagmanager.com/gtag/js?id=G-TEST"]);
    const commands = layer();
    expect(commands[1]).toEqual(["consent", "update", { analytics_storage: "granted" }]);
    expect(commands.slice(2).map((c) => c[0])).toEqual(["js", "config", "event"]);
  });
});
