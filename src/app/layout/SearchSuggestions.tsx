import { useEffect, useRef, useState, type RefObject } from "react";
import { useNavigate } from "react-router";
import { SEARCH_KIND_LABELS, SUGGESTIONS_PATH, type Suggestion } from "../../data/search-kinds";
import { SUGGEST_MIN_LENGTH } from "../../lib/search-limits";
import { SPONSORED_LABEL } from "../../lib/sponsored";

/** Wait this long after the last keystroke before asking. */
const DEBOUNCE_MS = 200;

/** A suggestion, or the last option: every result of the search page for the text typed. */
type Option = Suggestion | { kind: null; title: string; href: string; store?: undefined };

function seeAll(text: string): Option {
  return { kind: null, title: `See all results for “${text}”`, href: `/search?q=${encodeURIComponent(text)}` };
}

/**
 * The listbox of the header's search combobox. It drives the field it is given (loaded
 * lazily, after the field exists): typing asks `/api/search/suggestions` (edge-cached),
 * ArrowDown / ArrowUp move through the suggestions, Enter opens the active one (else the
 * form submits the search), Escape closes the list. The field's `aria-expanded` and
 * `aria-activedescendant` follow the list.
 */
export function SearchSuggestions({ input, listId }: { input: RefObject<HTMLInputElement | null>; listId: string }) {
  const navigate = useNavigate();
  const [items, setItems] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const state = useRef({ items, open, activeIndex });
  state.current = { items, open, activeIndex };

  useEffect(() => {
    const field = input.current;
    if (!field) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let request: AbortController | undefined;
    const close = () => {
      setOpen(false);
      setActiveIndex(-1);
    };
    const ask = async (text: string) => {
      request?.abort();
      if (text.trim().length < SUGGEST_MIN_LENGTH) {
        setItems([]);
        close();
        return;
      }
      request = new AbortController();
      try {
        const response = await fetch(`${SUGGESTIONS_PATH}?q=${encodeURIComponent(text.trim())}`, { signal: request.signal });
        const found = response.ok ? ((await response.json()) as { items: Suggestion[] }).items : [];
        setItems(found.length > 0 ? [...found, seeAll(text.trim())] : []);
        setActiveIndex(-1);
        setOpen(found.length > 0 && document.activeElement === field);
      } catch (error) {
        if ((error as Error).name !== "AbortError") close();
      }
    };
    const onInput = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void ask(field.value), DEBOUNCE_MS);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const { items: list, open: isOpen, activeIndex: index } = state.current;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        if (!list.length) return;
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setOpen(true);
        // -1 is the field itself: past either end, the visitor is back to what they typed.
        const next = index + step;
        setActiveIndex(!isOpen ? (step === 1 ? 0 : list.length - 1) : next >= list.length ? -1 : next < -1 ? list.length - 1 : next);
      } else if (event.key === "Enter" && isOpen && index >= 0 && list[index]) {
        event.preventDefault();
        close();
        navigate(list[index].href);
      } else if (event.key === "Escape" && isOpen) {
        event.preventDefault();
        close();
      }
    };
    const onBlur = () => close();
    field.addEventListener("input", onInput);
    field.addEventListener("keydown", onKeyDown);
    field.addEventListener("blur", onBlur);
    // The text typed before this code loaded counts too.
    if (field.value) onInput();
    return () => {
      clearTimeout(timer);
      request?.abort();
      field.removeEventListener("input", onInput);
      field.removeEventListener("keydown", onKeyDown);
      field.removeEventListener("blur", onBlur);
    };
  }, [input, navigate]);

  const optionId = (index: number) => `${listId}-${index}`;
  // Muted beside the title, except on the active option's highlight, where it would not read.
  const secondary = (index: number) => `small${index === activeIndex ? "" : " text-body-secondary"}`;
  useEffect(() => {
    const field = input.current;
    if (!field) return;
    field.setAttribute("aria-expanded", String(open));
    if (open && activeIndex >= 0) field.setAttribute("aria-activedescendant", optionId(activeIndex));
    else field.removeAttribute("aria-activedescendant");
  });

  return (
    <ul
      id={listId}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the listbox of the search field's WAI-ARIA combobox (aria-activedescendant); a <select> cannot be the popup of a text field
      role="listbox"
      aria-label="Suggestions"
      className={`dropdown-menu shadow${open ? " show" : ""}`}
      // As wide as titles need (the field alone left them 220 px and six lines), right-aligned
      // with the field, and never wider than the screen.
      style={{ top: "100%", right: 0, left: "auto", width: "min(26rem, calc(100vw - 2rem))" }}
    >
      {items.map((item, index) => (
        // biome-ignore lint/a11y/useFocusableInteractive: with aria-activedescendant the focus stays in the search field; options are never focused
        // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard picks an option from the search field (arrows, Enter; onKeyDown above)
        <li
          key={item.href + item.title}
          id={optionId(index)}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the combobox's listbox; <option> exists only inside <select> or <datalist>
          role="option"
          aria-selected={index === activeIndex}
          className={`dropdown-item d-flex justify-content-between gap-2 text-wrap${index === activeIndex ? " active" : ""}`}
          // Keeps the focus in the field, so the click is not lost to the list closing on blur.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            setOpen(false);
            navigate(item.href);
          }}
        >
          <span>
            {item.title}
            {item.store && <span className={`d-block ${secondary(index)}`}>{`at ${item.store}`}</span>}
          </span>
          {item.kind && (
            <span className={`flex-shrink-0 ${secondary(index)}`}>
              {item.kind === "advertorials" ? `${SEARCH_KIND_LABELS[item.kind]} · ${SPONSORED_LABEL}` : SEARCH_KIND_LABELS[item.kind]}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
