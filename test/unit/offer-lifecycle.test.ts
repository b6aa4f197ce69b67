import { describe, expect, it } from "vitest";
import { isLive, liveFilter } from "../../src/data/live-offers";
import { FRESH_UNTIL_HEADER, freshUntil, withinSchedule, withScheduleBound } from "../../src/edge/cache/offer-schedule";
import { nextScheduleInstant } from "../../src/lib/schedule";
import { MAX_REMEMBERED_VOTES, parseWorked, votedOffers, withVote } from "../../src/lib/offer-feedback";
import { expiredLabel, expiryLabel, successLabel, usedTodayLabel, verifiedLabel } from "../../src/lib/offer-labels";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Monday 23 Nov 2026, 10:00 UTC. */
const NOW = Date.UTC(2026, 10, 23, 10, 0, 0);
const pb = (ms: number) => new Date(ms).toISOString().replace("T", " ");

describe("the live rule", () => {
  it("is live when started (or no start) and not yet expired (or open-ended)", () => {
    expect(isLive({ starts_at: "", expires_at: "" }, NOW)).toBe(true);
    expect(isLive({}, NOW)).toBe(true);
    expect(isLive({ starts_at: pb(NOW - DAY), expires_at: pb(NOW + DAY) }, NOW)).toBe(true);
    expect(isLive({ starts_at: pb(NOW), expires_at: "" }, NOW)).toBe(true);
    expect(isLive({ starts_at: pb(NOW + 1000) }, NOW)).toBe(false);
    expect(isLive({ expires_at: pb(NOW) }, NOW)).toBe(false);
    expect(isLive({ expires_at: pb(NOW - 1) }, NOW)).toBe(false);
    expect(isLive({ expires_at: pb(NOW + 1) }, NOW)).toBe(true);
  });

  it("narrows any scope with the same PocketBase clause, built on @now so the read's address never changes", () => {
    expect(liveFilter()).toBe('((starts_at = "" || starts_at <= @now) && (expires_at = "" || expires_at > @now))');
    expect(liveFilter('store = "abc"')).toBe('(store = "abc") && ((starts_at = "" || starts_at <= @now) && (expires_at = "" || expires_at > @now))');
  });
});

describe("card labels", () => {
  it("says 'Ends today' for an end later today (UTC), with the exact instant", () => {
    expect(expiryLabel(pb(NOW + HOUR), NOW)).toEqual({ text: "Ends today", dateTime: new Date(NOW + HOUR).toISOString() });
    expect(expiryLabel("2026-11-23 23:59:59.000Z", NOW)?.text).toBe("Ends today");
  });

  it("counts down 'Expires in N days' up to 7 days, then gives the date", () => {
    expect(expiryLabel("2026-11-24 00:00:00.000Z", NOW)?.text).toBe("Expires in 1 day");
    expect(expiryLabel("2026-11-25 08:00:00.000Z", NOW)?.text).toBe("Expires in 2 days");
    expect(expiryLabel("2026-11-30 23:59:00.000Z", NOW)?.text).toBe("Expires in 7 days");
    expect(expiryLabel("2026-12-01 00:00:00.000Z", NOW)?.text).toBe("Expires Dec 1, 2026");
    expect(expiryLabel("2027-03-04 12:00:00.000Z", NOW)).toEqual({ text: "Expires Mar 4, 2027", dateTime: "2027-03-04T12:00:00.000Z" });
  });

  it("says nothing of an end for an open-ended or already expired offer", () => {
    expect(expiryLabel("", NOW)).toBeNull();
    expect(expiryLabel(undefined, NOW)).toBeNull();
    expect(expiryLabel("not a date", NOW)).toBeNull();
    expect(expiryLabel(pb(NOW), NOW)).toBeNull();
    expect(expiredLabel("2026-11-20 10:00:00.000Z")?.text).toBe("Expired Nov 20, 2026");
  });

  it("marks an offer verified within 30 days, no older", () => {
    expect(verifiedLabel(pb(NOW - HOUR), NOW)?.text).toBe("Verified today");
    expect(verifiedLabel("2026-11-22 23:00:00.000Z", NOW)?.text).toBe("Verified 1 day ago");
    expect(verifiedLabel("2026-10-24 00:00:00.000Z", NOW)?.text).toBe("Verified 30 days ago");
    expect(verifiedLabel("2026-10-23 23:59:00.000Z", NOW)).toBeNull();
    expect(verifiedLabel("", NOW)).toBeNull();
  });

  it("gives a success rate from 3 votes, and the uses of the last day", () => {
    expect(successLabel(2, 0)).toBeNull();
    expect(successLabel(2, 1)).toBe("67% worked · 3 votes");
    expect(successLabel(20, 3)).toBe("87% worked · 23 votes");
    expect(successLabel()).toBeNull();
    expect(usedTodayLabel(0)).toBeNull();
    expect(usedTodayLabel(1)).toBe("Used 1 time today");
    expect(usedTodayLabel(42)).toBe("Used 42 times today");
  });
});

describe("the schedule bound of a cached read", () => {
  it("is the earliest start or expiry still to come, in lists and expanded records", () => {
    const body = {
      items: [
        { id: "a", starts_at: pb(NOW - DAY), expires_at: pb(NOW + 5 * DAY) },
        { id: "b", starts_at: pb(NOW + 3 * HOUR), expires_at: "" },
        { id: "c", expires_at: pb(NOW - HOUR), expand: { offers: [{ id: "d", expires_at: pb(NOW + 2 * HOUR) }] } },
      ],
    };
    expect(nextScheduleInstant(body, NOW)).toBe(NOW + 2 * HOUR);
    expect(nextScheduleInstant({ items: [{ id: "x", expires_at: "" }] }, NOW)).toBeNull();
    expect(nextScheduleInstant({ id: "one", starts_at: "garbage" }, NOW)).toBeNull();
  });

  it("is set on an origin answer with a future instant, and the answer passes unchanged otherwise", async () => {
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, statusText: "OK", headers: { "Content-Type": "application/json", ETag: '"v1"' } });
    const bounded = await withScheduleBound(json({ items: [{ id: "a", expires_at: pb(NOW + HOUR) }] }), NOW);
    expect(bounded.headers.get(FRESH_UNTIL_HEADER)).toBe(String(NOW + HOUR));
    for (const body of [{ items: [{ id: "s", title: "A store" }] }, { items: [{ id: "b", expires_at: pb(NOW - HOUR) }] }]) {
      const answer = await withScheduleBound(json(body), NOW);
      expect(answer.headers.has(FRESH_UNTIL_HEADER)).toBe(false);
      expect([answer.status, answer.statusText, answer.headers.get("ETag"), await answer.json()]).toEqual([200, "OK", '"v1"', body]);
    }
  });

  it("a stored copy is served until its bound; without a readable bound, always", () => {
    const copy = (bound?: string) => new Headers(bound === undefined ? {} : { [FRESH_UNTIL_HEADER]: bound });
    const served = (headers: Headers) => withinSchedule(freshUntil(headers), NOW);
    expect([freshUntil(copy()), served(copy())]).toEqual([null, true]);
    expect([freshUntil(copy(String(NOW + HOUR))), served(copy(String(NOW + HOUR)))]).toEqual([NOW + HOUR, true]);
    expect(served(copy(String(NOW)))).toBe(false);
    expect([freshUntil(copy("soon")), served(copy("soon"))]).toEqual([null, true]);
  });
});

describe("the votes cookie", () => {
  it("lists the offers voted on, ignores junk and keeps the most recent votes", () => {
    const a = "a".repeat(15);
    const b = "b".repeat(15);
    expect(votedOffers(`${a}.junk.${b}`)).toEqual([a, b]);
    expect(votedOffers(undefined)).toEqual([]);
    expect(withVote(`${a}.${b}`, a)).toBe(`${b}.${a}`);
    const many = Array.from({ length: MAX_REMEMBERED_VOTES }, (_, i) => i.toString(36).padStart(15, "0")).join(".");
    const next = withVote(many, b).split(".");
    expect(next).toHaveLength(MAX_REMEMBERED_VOTES);
    expect(next.at(-1)).toBe(b);
    expect(parseWorked("yes")).toBe(true);
    expect(parseWorked("no")).toBe(false);
    expect(parseWorked(true)).toBeNull();
    expect(parseWorked("YES")).toBeNull();
  });
});
