// @ts-check
// Share links: <page>#g=<code>. The code itself comes from the engine
// (encode_share / decode_share); this module only builds and reads URLs and copies text.
import { $ } from "./dom.js";

/** The share code in the current URL's hash, or null. */
export function shareCodeFromLocation(loc = window.location) {
  const hash = loc.hash.replace(/^#/, "");
  if (!hash) return null;
  const params = new URLSearchParams(hash);
  const code = params.get("g");
  return code == null ? null : code;
}

/** Remove the #g=... part so a reload resumes the saved game instead. */
export function clearShareHash() {
  const url = new URL(window.location.href);
  url.hash = "";
  history.replaceState(null, "", url.pathname + url.search);
}

/**
 * One clear primary action in the share dialog: the button whose link the box holds (or will
 * hold), so "Share with moves" is not left looking second to "Share this game".
 * @param {"share-deal" | "share-moves" | "share-challenge"} id
 */
export function markShare(id) {
  for (const b of ["share-deal", "share-moves", "share-challenge"]) {
    const el = $(b);
    el.classList.toggle("primary", b === id);
    if (b === id) el.setAttribute("aria-current", "true"); else el.removeAttribute("aria-current");
  }
}

/** @param {string} code */
export function shareUrl(code) {
  const url = new URL(window.location.href);
  url.hash = `g=${encodeURIComponent(code)}`;
  return url.href;
}

/**
 * Copy text; fall back to selecting it in the given field. Returns a status message.
 * @param {string} text
 * @param {HTMLInputElement | HTMLTextAreaElement | null} [field]
 */
export async function copyText(text, field) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return "Link copied to the clipboard.";
    }
  } catch { /* fall through to the field */ }
  if (field) {
    field.focus();
    field.select();
    try {
      if (document.execCommand && document.execCommand("copy")) return "Link copied to the clipboard.";
    } catch { /* ignore */ }
  }
  return "Copy the link from the field above (it is selected).";
}

/**
 * Offer the link through the system share sheet where the browser has one. True when it was
 * shared; false (no share sheet, or the person closed it) leaves copying to the caller.
 * @param {string} url
 * @param {boolean} withMoves
 */
export async function systemShare(url, withMoves) {
  if (typeof navigator.share !== "function") return false;
  const data = { title: "Kaiser", text: withMoves ? "A game of Kaiser, every move" : "A game of Kaiser", url };
  if (navigator.canShare && !navigator.canShare(data)) return false;
  try {
    await navigator.share(data);
    return true;
  } catch {
    return false;
  }
}
