/** Site-relative URL of a PocketBase file, served by the Worker at /api/files (spec
 * section 3), so pages never name the PocketBase origin. */
export function fileUrl(record: { collectionName: string; id: string }, filename: string, thumb?: string): string {
  const path = `/api/files/${encodeURIComponent(record.collectionName)}/${encodeURIComponent(record.id)}/${encodeURIComponent(filename)}`;
  return thumb ? `${path}?thumb=${encodeURIComponent(thumb)}` : path;
}
