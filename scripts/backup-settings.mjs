// @ts-check
/**
 * npm run backup:settings
 *
 * Points PocketBase's scheduled backups at S3-compatible storage off the machine (R2's S3 API
 * in production; docs/operations.md#backups), from the environment: BACKUP_S3_ENDPOINT,
 * BACKUP_S3_BUCKET, BACKUP_S3_ACCESS_KEY, BACKUP_S3_SECRET, optional BACKUP_S3_REGION
 * ("auto"), BACKUP_CRON ("0 3 * * *") and BACKUP_KEEP (14). PocketBase: POCKETBASE_URL (else
 * the local one), as the superuser PB_ADMIN_EMAIL / PB_ADMIN_PASSWORD. The keys never enter
 * the repository; PocketBase keeps them in its settings (encrypted with PB_ENCRYPTION_KEY
 * when PocketBase runs with --encryptionEnv).
 */
import { runMain } from "../pocketbase/cli.mjs";
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD } from "../pocketbase/seed.mjs";
import { superuserToken } from "./lib/event-archive.mjs";

/**
 * @param {{ url: string, token: string, s3: { endpoint: string, bucket: string, accessKey: string, secret: string, region?: string }, cron?: string, keep?: number }} options
 */
export async function setBackupStorage({ url, token, s3, cron = "0 3 * * *", keep = 14 }) {
  const body = {
    backups: {
      cron,
      cronMaxKeep: keep,
      s3: {
        enabled: true,
        endpoint: s3.endpoint,
        bucket: s3.bucket,
        region: s3.region ?? "auto",
        accessKey: s3.accessKey,
        secret: s3.secret,
        forcePathStyle: true,
      },
    },
  };
  const response = await fetch(`${url}/api/settings`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json", Authorization: token },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`backup settings: PocketBase answered ${response.status} ${(await response.text()).slice(0, 300)}`);
  // PocketBase checks the storage itself: a bucket it cannot reach fails here, not at 03:00.
  const check = await fetch(`${url}/api/settings/test/s3`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: token },
    body: JSON.stringify({ filesystem: "backups" }),
  });
  if (!check.ok) throw new Error(`backup storage check: PocketBase answered ${check.status} ${(await check.text()).slice(0, 300)}`);
}

async function main() {
  const env = process.env;
  const missing = ["BACKUP_S3_ENDPOINT", "BACKUP_S3_BUCKET", "BACKUP_S3_ACCESS_KEY", "BACKUP_S3_SECRET"].filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`set ${missing.join(", ")}`);
  const url = (env.POCKETBASE_URL || "http://127.0.0.1:8090").replace(/\/+$/, "");
  const token = await superuserToken(url, env.PB_ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL, env.PB_ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD);
  const keep = env.BACKUP_KEEP ? Number(env.BACKUP_KEEP) : undefined;
  await setBackupStorage({
    url,
    token,
    s3: {
      endpoint: String(env.BACKUP_S3_ENDPOINT),
      bucket: String(env.BACKUP_S3_BUCKET),
      accessKey: String(env.BACKUP_S3_ACCESS_KEY),
      secret: String(env.BACKUP_S3_SECRET),
      region: env.BACKUP_S3_REGION,
    },
    cron: env.BACKUP_CRON,
    keep,
  });
  console.log(
    `PocketBase at ${url} backs up to ${env.BACKUP_S3_ENDPOINT}/${env.BACKUP_S3_BUCKET} on "${env.BACKUP_CRON || "0 3 * * *"}", keeping ${keep ?? 14}.`,
  );
}

runMain(import.meta.url, main);
