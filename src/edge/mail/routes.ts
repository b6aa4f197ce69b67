import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { limitBody } from "../middleware/body-limit";
import { mailNotifications, NOTIFICATIONS_MAX_BODY_BYTES } from "./notifications";
import { newsletterSignUp, SIGN_UP_MAX_BODY_BYTES, storeAlertsSignUp } from "./sign-up";
import { confirm, confirmPage, managePage, savePreferences, SUBSCRIPTION_MAX_BODY_BYTES, unsubscribe, unsubscribePage } from "./subscription-pages";

/** Every route of email to subscribers (docs/email.md), mounted by src/worker.ts. */
export const mailRoutes = new Hono<AppEnv>();

mailRoutes.post("/newsletter", limitBody(SIGN_UP_MAX_BODY_BYTES), newsletterSignUp);
mailRoutes.post("/stores/:id/alerts", limitBody(SIGN_UP_MAX_BODY_BYTES), storeAlertsSignUp);
mailRoutes.get("/subscriptions/confirm/:token", confirmPage);
mailRoutes.post("/subscriptions/confirm/:token", limitBody(SUBSCRIPTION_MAX_BODY_BYTES), confirm);
mailRoutes.get("/subscriptions/unsubscribe/:token", unsubscribePage);
mailRoutes.post("/subscriptions/unsubscribe/:token", limitBody(SUBSCRIPTION_MAX_BODY_BYTES), unsubscribe);
mailRoutes.get("/subscriptions/manage/:token", managePage);
mailRoutes.post("/subscriptions/manage/:token", limitBody(SUBSCRIPTION_MAX_BODY_BYTES), savePreferences);
mailRoutes.post("/mail/notifications", limitBody(NOTIFICATIONS_MAX_BODY_BYTES), mailNotifications);
