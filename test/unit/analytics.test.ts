import { afterEach, describe, expect, it, vi } from "vitest";
import { startAnalytics } from "../../client/analytics";

type Listener = () => void;

function fakeRouter() {
  const listeners: Listener[] = [];
  const router = {
    state: { location: { pathname: "/stores", search: "", key: "a" }, navigation: { state: "idle" } },
    subscribe: (fn: Listener) => listeners.push(fn),
    emit: (location: { pathname: string; search: string; key: string }, navigation = "idle") => {
      router.state = { location, navigation: { state: navigation } };
      for (const fn of listeners) fn();
    },
  };
  return router;
}

function fakeBrowser(appendChild: () => void) {
  const appended: { src?: string }[] = [];
  vi.stubGlobal("window", { location: { origin: "https://site.example" } });
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
  vi.useRealTimers();
});

describe("startAnalytics", () => {
  it("inserts gtag.js once, turns automatic page views off, and sends one page_view per completed navigation", () => {
    vi.useFakeTimers();
    const scripts = fakeBrowser(() => undefined);
    const router = fakeRouter();
    startAnalytics(router as never, "G-TEST");
    expect(scripts.map((s) => s.src)).toEqual(["https://www.googletagmanager.com/gtag/js?id=G-TEST"]);
    router.emit({ pathname: "/stores", search: "?page=2", key: "b" }, "loading");
    router.emit({ pathname: "/stores", search: "?page=2", key: "b" });
    router.emit({ pathname: "/stores", search: "?page=2", key: "b" });
    vi.runAllTimers();
    const layer = (globalThis.window as { dataLayer: IArguments[] }).dataLayer.map((args) => Array.from(args));
    expect(layer[1]).toEqual(["config", "G-TEST", { send_page_view: false }]);
    const views = layer.filter((a) => a[0] === "event" && a[1] === "page_view").map((a) => (a[2] as { page_path: string }).page_path);
    expect(views).toEqual(["/stores", "/stores?page=2"]);
  });

  it("logs 'Error appending google analytics' when the script cannot be inserted", () => {
    fakeBrowser(() => {
      throw new Error("blocked");
    });
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    startAnalytics(fakeRouter() as never, "G-TEST");
    expect(error).toHaveBeenCalledWith("Error appending google analytics", expect.any(Error));
  });

  it("does nothing without a measurement id", () => {
    const scripts = fakeBrowser(() => undefined);
    startAnalytics(fakeRouter() as never, "");
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
    startAnalytics(fakeRouter() as never, "G-TEST");
    expect(scripts).toEqual([]);
    expect((globalThis.window as { gtag?: unknown }).gtag).toBeUndefined();
  });
});
