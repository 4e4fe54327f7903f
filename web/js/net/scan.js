// @ts-check
// Reading a connection code with the camera, where the browser can (BarcodeDetector and a
// camera); typing or pasting the code stays the way everywhere else.

/** Whether this browser can read a QR code from its camera. */
export function canScan() {
  return typeof (/** @type {any} */ (window)).BarcodeDetector === "function" && !!navigator.mediaDevices?.getUserMedia;
}

/**
 * Show the camera in `video` until a QR code that `accept` takes is in view.
 * @param {HTMLVideoElement} video @param {(text: string) => boolean} accept
 * @returns {{done: Promise<string | null>, stop: () => void}} null: stopped, or no camera
 */
export function scan(video, accept) {
  /** @type {MediaStream | null} */
  let stream = null;
  let stopped = false;
  /** @type {(text: string | null) => void} */
  let finish = () => {};
  const done = new Promise((resolve) => { finish = resolve; });
  const stop = () => {
    stopped = true;
    for (const t of stream?.getTracks() ?? []) t.stop();
    video.srcObject = null;
    video.hidden = true;
    finish(null);
  };
  (async () => {
    try {
      const detector = new (/** @type {any} */ (window)).BarcodeDetector({ formats: ["qr_code"] });
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
      if (stopped) { stop(); return; }
      video.srcObject = stream;
      video.hidden = false;
      video.play().catch(() => {}); // frames come when they come; the detector reads what is there
      while (!stopped) {
        const codes = /** @type {{rawValue: string}[]} */ (await detector.detect(video).catch(() => []));
        const hit = codes.find((c) => typeof c.rawValue === "string" && accept(c.rawValue));
        if (hit) {
          finish(hit.rawValue); // first: stopping settles with null
          stop();
          return;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
    } catch {
      stop(); // no camera, or permission refused: the code is typed or pasted instead
    }
  })();
  return { done, stop };
}
