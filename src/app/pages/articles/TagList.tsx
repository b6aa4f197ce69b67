/** Tag chips (blog: space separated in the content; comparisons and advertorials: comma separated). */
export function TagList({ tags }: { tags: readonly string[] }) {
  if (!tags.length) return null;
  return (
    <ul className="list-inline mt-4 mb-0 article-tags" aria-label="Tags">
      {tags.map((tag) => (
        <li className="list-inline-item mb-2" key={tag}>
          <span className="badge rounded-pill text-bg-light border fw-normal fs-6">{tag}</span>
        </li>
      ))}
    </ul>
  );
}
