import { useId } from "react";
import { Form } from "react-router";
import { HERO_CATEGORIES, SEARCH_MAX_LENGTH, SEARCH_PLACEHOLDER } from "./home-content";

/**
 * The search form of the home hero, also at the top of /search. A GET form: without
 * JavaScript the browser submits it to /search itself; with JavaScript the router does,
 * without reloading the page. In the hero both fields are required (spec section 5); the
 * category only puts its matches first. On /search the category is optional.
 */
export function SearchForm({ text = "", category = "", categoryRequired = true }: { text?: string; category?: string; categoryRequired?: boolean }) {
  const id = useId();
  return (
    <Form method="get" action="/search" role="search" aria-label="Coupons and deals" className="row g-2">
      <div className="col-md-6">
        <label htmlFor={`${id}-q`} className="visually-hidden">
          {SEARCH_PLACEHOLDER}
        </label>
        <input
          id={`${id}-q`}
          className="form-control form-control-lg"
          type="search"
          name="q"
          placeholder={SEARCH_PLACEHOLDER}
          defaultValue={text}
          maxLength={SEARCH_MAX_LENGTH}
          required
        />
      </div>
      <div className="col-sm-8 col-md-4">
        <label htmlFor={`${id}-category`} className="visually-hidden">
          Category
        </label>
        <select id={`${id}-category`} className="form-select form-select-lg" name="category" defaultValue={category} required={categoryRequired}>
          <option value="" disabled={categoryRequired}>
            {categoryRequired ? "Category" : "Any category"}
          </option>
          {HERO_CATEGORIES.map((title) => (
            <option key={title} value={title}>
              {title}
            </option>
          ))}
        </select>
      </div>
      <div className="col-sm-4 col-md-2 d-grid">
        <button className="btn btn-primary btn-lg" type="submit">
          Search
        </button>
      </div>
    </Form>
  );
}
