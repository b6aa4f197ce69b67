import { badRequest, notFound } from "../../http-errors";

/** Shape of a content record id (PocketBase: 15 lowercase letters and digits; a little slack). */
const RECORD_ID = /^[a-z0-9]{1,32}$/;
const MAX_STORE_FILTERS = 20;

/** A record id from the path: anything else cannot name a record, so it is not found. */
export function pathRecordId(value: string | undefined): string {
  if (!value || !RECORD_ID.test(value)) notFound();
  return value;
}

/** An optional record id from the query (e.g. `store`, `id`); malformed → 400. */
export function queryRecordId(params: URLSearchParams, name: string): string {
  const value = params.get(name) ?? "";
  if (value && !RECORD_ID.test(value)) badRequest(`The ${name} parameter is not valid.`);
  return value;
}

/** Store ids from `stores`, repeated or comma separated; malformed → 400. */
export function queryStoreIds(params: URLSearchParams): string[] {
  const ids = [
    ...new Set(
      params
        .getAll("stores")
        .flatMap((value) => value.split(","))
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length > MAX_STORE_FILTERS || !ids.every((id) => RECORD_ID.test(id))) badRequest("The stores parameter is not valid.");
  return ids;
}
