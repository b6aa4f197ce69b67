import { useRootData } from "../root-data";

const BADGE = "badge text-bg-warning align-middle ms-2 fs-6";

/**
 * "Draft" or "Scheduled" beside a record's title in an editor's preview (issue 51), so the
 * editor tells what visitors will not see (yet) from what they do. Renders nothing for
 * visitors: their pages carry neither, and the lists are empty.
 */
export function PreviewBadge({ id }: { id: string }) {
  const { preview } = useRootData();
  return (
    <>
      {preview.drafts.includes(id) && <span className={BADGE}>Draft</span>}
      {preview.scheduled.includes(id) && <span className={BADGE}>Scheduled</span>}
    </>
  );
}
