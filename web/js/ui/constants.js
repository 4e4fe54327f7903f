// @ts-check
// Numbers and names the page's modules share, written once.

/** No bot decision may hold the page longer than this (the worker runs Python 3-5x slower). */
export const BOT_TIME_CAP_MS = 800;
/** The bot level of a seat nobody chose a level for. */
export const DEFAULT_LEVEL = "strong";
/** The seats by number, as the bridge numbers them (docs/bridge.md: 0 South, clockwise). */
export const SEAT_NAMES = Object.freeze(["South", "West", "North", "East"]);
