// @ts-check
// A classic script, loaded before the app's modules and without them: if those cannot load or
// run, say so instead of an endless loading screen; a browser without modules is told it is too
// old. It lives in a file because the Content-Security-Policy allows no inline script.
(function () {
  /** @param {string} text @param {boolean} retry */
  function show(text, retry) {
    var box = document.getElementById("boot-error"), txt = document.getElementById("boot-error-text");
    if (!box || !txt) return;
    txt.textContent = text;
    box.hidden = false;
    var btn = document.getElementById("boot-retry");
    if (!btn) return;
    btn.hidden = !retry;
    if (retry) btn.onclick = function () { location.reload(); };
  }

  if (!("noModule" in HTMLScriptElement.prototype)) {
    document.addEventListener("DOMContentLoaded", function () {
      show("This browser is too old to run Kaiser. Please use a current version of Firefox, Chrome, Safari or Edge.", false);
    });
    return;
  }

  window.addEventListener("error", function (e) {
    if ("kaiser" in window) return;
    var t = /** @type {HTMLScriptElement | null} */ (e.target), script = t && t.tagName === "SCRIPT";
    if (!script && !e.message) return;
    show(script
      ? "The game's files could not be loaded (" + (t && t.src || "a script") + "). Check your connection and press Retry."
      : "The game could not start: " + ((e.error && e.error.name) || "Error") + ": " + e.message, true);
    document.body.dataset.engine = "error";
  }, true);
})();
