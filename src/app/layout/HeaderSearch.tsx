import { Suspense, useId, useRef, useState } from "react";
import { Form } from "react-router";
import { SEARCH_MAX_LENGTH } from "../../lib/search-limits";
import { lazyExport } from "../lazy-section";

// The suggestions' code loads on the first focus of the field, never with the page.
const SearchSuggestions = lazyExport(() => import("./SearchSuggestions"), "SearchSuggestions");

/**
 * The site search of the header (in the menu on phones): a GET form to /search that needs
 * no category and works without JavaScript. With JavaScript it is a combobox (WAI-ARIA
 * pattern) that suggests stores, offers and articles as the visitor types.
 */
export function HeaderSearch({ className = "" }: { className?: string }) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const input = useRef<HTMLInputElement>(null);
  const [active, setActive] = useState(false);
  return (
    <Form method="get" action="/search" role="search" aria-label="Site" className={`position-relative ${className}`}>
      <label htmlFor={`${id}-q`} className="visually-hidden">
        Search stores, deals and reviews
      </label>
      <div className="input-group input-group-sm">
        <input
          ref={input}
          id={`${id}-q`}
          className="form-control"
          style={{ minWidth: "12rem" }}
          // A text input: HTML allows role=combobox (and aria-expanded) on it, not on type=search.
          type="text"
          inputMode="search"
          enterKeyHint="search"
          name="q"
          placeholder="Search stores, deals…"
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded="false"
          aria-controls={active ? listId : undefined}
          required
          onFocus={() => setActive(true)}
        />
        <button className="btn btn-outline-secondary" type="submit">
          <span className="icon-search" aria-hidden="true" />
          <span className="visually-hidden">Search</span>
        </button>
      </div>
      {active && (
        <Suspense fallback={null}>
          <SearchSuggestions input={input} listId={listId} />
        </Suspense>
      )}
    </Form>
  );
}
