/** The strip's logo and caption line: the skeleton takes the room they will take. */
export const LOGO_SIZE = 96;
export const CAPTION_LINE_PX = 20;

/** Same place and height as the 'Similar Stores' strip while it streams in (its code loads
 * with its data, so the skeleton lives apart from it). */
export function SimilarStoresSkeleton() {
  return (
    <div className="d-none d-md-block mb-4 placeholder-glow" aria-hidden="true">
      <span className="placeholder col-3 d-block mb-3" />
      <span className="placeholder col-12 d-block rounded-3" style={{ height: LOGO_SIZE + CAPTION_LINE_PX + 8 + 16 + 2 }} />
    </div>
  );
}
