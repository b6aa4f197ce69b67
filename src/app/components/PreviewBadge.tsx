import { useRootData } from "../root-data";

/**
 * "Draft" beside a record's title in an editor's preview (issue 51), so the editor tells
 * what visitors will not see from what they do. Renders nothing for visitors: their pages
 * carry no drafts and the list is empty.
 */
export function PreviewBadge({ id }: { id: string }) {
  const { drafts } = useRootData();
  if (!drafts.includes(id)) return null;
  return <span className="badge text-bg-warning align-middle ms-2 fs-6">Draft</span>;
}
