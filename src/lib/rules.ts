/**
 * The rules the Worker shares with PocketBase's hooks (issue 47): one module,
 * pocketbase/pb_hooks/rules.js, which the hooks `require` and the Worker imports here.
 */
export {
  CONVERSION_STATUSES,
  COUNTRY_CODES,
  clickDomainList,
  DAILY_DIMENSIONS,
  DIGEST_CHOICES,
  EDITORIAL_STATUSES,
  EVENTS_KEEP_DAYS,
  hostInDomains,
  LIMITS,
  MAIL_KINDS,
  MAIL_SEND_STATUSES,
  MAIL_TIMING,
  PARTNER_URL,
  partnerUrlHost,
  REPORT_GROUPS,
  SHORT_LINK,
  sitePathProblem,
  STATUS_COLLECTIONS,
  SUBSCRIBER_STATUSES,
  TRACKING_KEYS,
  TRACKING_VALUE_CHARACTERS,
  websiteDomain,
} from "../../pocketbase/pb_hooks/rules.js";
