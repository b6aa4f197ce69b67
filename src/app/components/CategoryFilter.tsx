import { startTransition, use, useEffect, useId, useOptimistic, useState } from "react";
import { useNavigate, useNavigation } from "react-router";
import type { StoreFilter } from "../../data/types";
import { CATEGORY_PARAM, listHref } from "../pages/store/filter-params";
import { FilterPanelContext } from "./FilterSidebar";

/** Spec: the category list scrolls in a box 215 px high. */
export const CATEGORY_LIST_HEIGHT_PX = 215;
/** In the phone panel the list takes the panel's height (less its header, heading, search
 * field and buttons), never less than the spec's box: 215 px left most of the panel empty. */
const PANEL_LIST_HEIGHT = `max(${CATEGORY_LIST_HEIGHT_PX}px, calc(100dvh - 17rem))`;

export interface CategoryFilterProps {
  categories: readonly StoreFilter[];
  /** Selected category ids, as the address has them. */
  selected: readonly string[];
  /** The list the filter applies to, e.g. "/stores". */
  action: string;
  /** Accessible name of the form. */
  label: string;
  /** Show each category's store count: 'title (total)'. */
  showCounts?: boolean;
  /** Other parameters of the list that a change keeps (e.g. the offer type). */
  keep?: Record<string, string>;
}

/**
 * Spec: the 'Category' filter. A search box narrows the checkbox list as you type; each
 * change navigates to the list with every selected id as a repeated catID (the page
 * resets), so the selection lives in the address and back/forward restore it. In the phone
 * panel, ticks are collected until 'Show results' applies them all (and closes the panel):
 * one navigation per tick would reload the list behind the panel at every tap. Without
 * JavaScript it is a GET form with an apply button.
 */
export function CategoryFilter({ categories, selected, action, label, showCounts = true, keep = {} }: CategoryFilterProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [query, setQuery] = useState("");
  const searchId = useId();
  const listId = useId();
  // While a navigation to the list loads (a tick, back/forward), the boxes show the selection
  // it asks for; a tick shows at once, before the router has started navigating.
  const target = navigation.location?.pathname === action ? new URLSearchParams(navigation.location.search).getAll(CATEGORY_PARAM) : null;
  const [checked, setChecked] = useOptimistic<readonly string[]>(target ?? selected);
  const needle = query.trim().toLowerCase();
  const shown = new Set(categories.filter((c) => c.title.toLowerCase().includes(needle)).map((c) => c.id));

  const panel = use(FilterPanelContext);
  // The panel's ticks not applied yet; null when there are none.
  const [draft, setDraft] = useState<readonly string[] | null>(null);
  const inPanel = panel !== null;
  useEffect(() => {
    if (!inPanel) setDraft(null);
  }, [inPanel]);
  const ticked = draft ?? checked;

  function show(next: readonly string[]) {
    startTransition(async () => {
      setChecked(next);
      await navigate(listHref(action, { categoryIds: next, extra: keep }));
    });
  }

  function toggle(id: string, on: boolean) {
    const next = on ? [...ticked.filter((c) => c !== id), id] : ticked.filter((c) => c !== id);
    if (inPanel) setDraft(next);
    else show(next);
  }

  function apply() {
    show(ticked);
    panel?.close();
  }

  return (
    <form method="get" action={action} aria-label={label} onSubmit={(event) => event.preventDefault()}>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <fieldset>
        <legend className="h6 fw-semibold">Category</legend>
        <label htmlFor={searchId} className="visually-hidden">
          Search categories
        </label>
        <input
          id={searchId}
          type="search"
          className="form-control form-control-sm mb-2"
          placeholder="Search"
          autoComplete="off"
          aria-controls={listId}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <div id={listId} className="overflow-auto border rounded px-2 py-1" style={{ height: inPanel ? PANEL_LIST_HEIGHT : CATEGORY_LIST_HEIGHT_PX }}>
          {categories.map((category) => {
            const boxId = `${listId}-${category.id}`;
            return (
              <div className="form-check my-1" key={category.id} hidden={!shown.has(category.id)}>
                <input
                  className="form-check-input"
                  type="checkbox"
                  id={boxId}
                  name={CATEGORY_PARAM}
                  value={category.id}
                  checked={ticked.includes(category.id)}
                  onChange={(event) => toggle(category.id, event.target.checked)}
                />
                <label className="form-check-label" htmlFor={boxId}>
                  {showCounts ? `${category.title} (${category.total})` : category.title}
                </label>
              </div>
            );
          })}
          {shown.size === 0 && <p className="small text-body-secondary my-1">No category matches.</p>}
        </div>
        <p className="visually-hidden" role="status">
          {needle ? `${shown.size} of ${categories.length} categories shown` : ""}
        </p>
        {inPanel && (
          <div className="d-flex gap-2 mt-3">
            <button type="button" className="btn btn-primary flex-grow-1" onClick={apply}>
              Show results
            </button>
            <button type="button" className="btn btn-outline-secondary" onClick={() => setDraft([])} disabled={ticked.length === 0}>
              Clear
            </button>
          </div>
        )}
        <noscript>
          <button type="submit" className="btn btn-primary btn-sm mt-2">
            Apply filters
          </button>
        </noscript>
      </fieldset>
    </form>
  );
}

/** Shown while the category list streams in: same box, same height, so nothing moves. */
export function CategoryFilterSkeleton() {
  return (
    <div aria-hidden="true" className="placeholder-glow">
      <span className="placeholder col-5 d-block mb-2" />
      <span className="placeholder col-12 d-block mb-2" style={{ height: "1.9rem" }} />
      <div className="border rounded px-2 py-1" style={{ height: CATEGORY_LIST_HEIGHT_PX }}>
        {Array.from({ length: 7 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders of a fixed count: the position is their only identity
          <span key={i} className="placeholder col-9 d-block my-2" />
        ))}
      </div>
    </div>
  );
}
