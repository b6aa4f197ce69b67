import { awin } from "./awin";
import { cj } from "./cj";
import { awinCsv, genericCsv } from "./csv";
import { impact } from "./impact";
import type { FeedFormat } from "./network-fetch";
import { rakuten } from "./rakuten";

/** Each `feed_kind` (pb_hooks/rules.js FEED_KINDS) and the module that reads it. */
export const FORMATS: Record<string, FeedFormat> = { awin, awin_csv: awinCsv, impact, cj, rakuten, csv: genericCsv };
