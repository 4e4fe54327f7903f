// @ts-check
// A QR code of a link or a connection code, drawn as inline SVG (the vendored qrcode-generator,
// dist/vendor/qrcode.mjs, computes the modules; no image URL, so the page's policy stays strict).

const SVG = "http://www.w3.org/2000/svg";

/**
 * @param {HTMLElement} container
 * @param {string} text
 * @param {string} label what the code holds, for screen readers
 */
export async function renderQr(container, text, label) {
  const url = new URL("../../vendor/qrcode.mjs", import.meta.url).href;
  const { default: qrcode } = await import(url);
  const qr = qrcode(0, text.length > 600 ? "L" : "M");
  // A connection code is capitals, digits and dashes: QR's alphanumeric mode holds it in a smaller code.
  qr.addData(text, /^[0-9A-Z $%*+\-./:]*$/.test(text) ? "Alphanumeric" : "Byte");
  qr.make();
  const n = qr.getModuleCount();
  const quiet = 4;
  let d = "";
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + quiet} ${r + quiet}h1v1h-1z`;
  }
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${n + 2 * quiet} ${n + 2 * quiet}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("class", "qr");
  const bg = document.createElementNS(SVG, "rect");
  bg.setAttribute("width", "100%");
  bg.setAttribute("height", "100%");
  bg.setAttribute("fill", "#fff");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(bg, path);
  container.replaceChildren(svg);
}
