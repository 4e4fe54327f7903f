// @ts-check
// Native <dialog> helpers: open, close, and wait until closed.

/** @param {string} id @returns {HTMLDialogElement} */
const dialog = (id) => /** @type {HTMLDialogElement} */ (document.getElementById(id));

/** @param {string} id */
export function openDialog(id) {
  const d = dialog(id);
  if (!d.open) d.showModal();
  return d;
}

/** @param {string} id */
export function closeDialog(id) {
  const d = dialog(id);
  if (d.open) d.close();
}

/**
 * Resolve when the dialog closes (any way: button, Escape).
 * @param {string} id
 * @returns {Promise<string | undefined>} the dialog's return value
 */
export function whenClosed(id) {
  const d = dialog(id);
  return new Promise((resolve) => {
    if (!d.open) { resolve(undefined); return; }
    d.addEventListener("close", () => resolve(d.returnValue), { once: true });
  });
}

/** Wire every [data-close] button to close its dialog, and backdrop clicks too. */
export function installDialogs() {
  for (const d of document.querySelectorAll("dialog")) {
    d.addEventListener("click", (e) => {
      if (/** @type {Element} */ (e.target).closest("[data-close]")) d.close();
      else if (e.target === d && d.dataset.modalOnly == null) {
        const r = d.getBoundingClientRect();
        const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
        if (!inside) d.close();
      }
    });
  }
}

/** Resolve once no dialog is open (the bots wait while the person reads one). */
export async function whenNoDialogOpen() {
  for (let d = document.querySelector("dialog[open]"); d; d = document.querySelector("dialog[open]")) {
    await whenClosed(d.id);
  }
}
