// @ts-check
// The page's two small DOM helpers, one copy each: `$` (an element by id) and `el` (an element
// with attributes and children).

/** An element of the page by its id. @param {string} id @returns {HTMLElement} */
export const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * A new element. Attributes: `class` sets the class name; null or undefined leaves one out; for
 * an `aria-*` or `data-*` attribute true and false are written as words, for any other true is
 * the attribute present and false absent (`selected`, `hidden`, `checked`). Null children are
 * skipped; anything not a node is added as text.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Object<string, unknown>} [attrs]
 * @param {...unknown} kids
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v == null) continue;
    if (k === "class") { e.className = String(v); continue; }
    const words = k.startsWith("aria-") || k.startsWith("data-");
    if (typeof v === "boolean" && !words) {
      if (v) e.setAttribute(k, "");
      continue;
    }
    e.setAttribute(k, String(v));
  }
  for (const k of kids) if (k != null) e.append(k instanceof Node ? k : String(k));
  return e;
}
