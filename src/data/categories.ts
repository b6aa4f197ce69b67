import type { ContentClient } from "./client";
import { COLLECTIONS } from "./collections";
import type { Category } from "./types";

export type CategoryName = Pick<Category, "id" | "title">;

/** Titles of the given categories (unknown ids are simply absent). */
export async function listCategoryNames(pb: ContentClient, ids: readonly string[]): Promise<CategoryName[]> {
  if (!ids.length) return [];
  const params = Object.fromEntries(ids.map((id, i) => [`v${i}`, id]));
  const filter = pb.filter(ids.map((_, i) => `id = {:v${i}}`).join(" || "), params);
  const result = await pb.collection(COLLECTIONS.categories).getList<CategoryName>(1, ids.length, { filter, fields: "id,title", sort: "title" });
  return result.items;
}
