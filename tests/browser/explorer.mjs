// The explorer page of `grundy serve` in headless Chromium, driven by
// Playwright. Expects a server on the Season 4 board (scripts/browser-test.sh
// starts one):
//
//   node tests/browser/explorer.mjs --url http://127.0.0.1:PORT/ [--screenshot FILE.png]
//
// Steps: load the page; the start's moves equal the API's; place the
// televised opening by clicking cells and play it; every reply shown equals
// the API's value, winning first; play a whole game against the strategist
// (with one undo) to a finished loop. Exits 1 with a message on failure.
import { chromium } from "playwright-core";

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const base = opt("--url");
const shot = opt("--screenshot");
if (!base) {
  console.error("usage: explorer.mjs --url URL [--screenshot FILE]");
  process.exit(2);
}
const OPENING = "3,1,EW;3,2,EW;3,3,EW";
const started = Date.now();
const step = (msg) => console.log(`ok ${((Date.now() - started) / 1000).toFixed(1)} s: ${msg}`);
function check(cond, msg) {
  if (!cond) throw new Error(msg);
}

async function apiMoves(p) {
  const r = await fetch(new URL(`api/position?p=${encodeURIComponent(p)}`, base));
  check(r.ok, `API ${p}: HTTP ${r.status}`);
  return r.json();
}

async function shownMoves(page) {
  return page.$$eval("#moves [data-move]", (els) =>
    els.map((e) => [e.dataset.move, Number(e.dataset.nimber)]),
  );
}

async function samePosition(page, want) {
  await page.waitForFunction((w) => document.getElementById("position").textContent === w, want);
}

function sameLists(shown, api, what) {
  const want = api.moves.map((m) => [m.move, m.nimber]);
  check(
    JSON.stringify(shown) === JSON.stringify(want),
    `${what}: the page shows ${JSON.stringify(shown).slice(0, 300)}, the API ${JSON.stringify(want).slice(0, 300)}`,
  );
}

const timeout = setTimeout(() => {
  console.error("error: the browser test took longer than 60 s");
  process.exit(1);
}, 60_000);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
});
let failed = false;
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 720 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));

  // 1. Load.
  await page.goto(base);
  await page.waitForSelector("#board svg");
  await page.waitForSelector("#moves [data-move]");
  await samePosition(page, "-");
  step("page loaded with the board and the move list");

  // 2. The start's moves as the API gives them.
  sameLists(await shownMoves(page), await apiMoves("-"), "start");
  step("the start's moves and values equal the API's");

  // 3. The televised opening, placed by clicking cells.
  await page.uncheck("#strategist");
  await page.click("#type-EW");
  for (const [x, y] of [[3, 3], [3, 2], [3, 1]]) {
    await page.click(`.cell[data-x="${x}"][data-y="${y}"]`);
  }
  await page.click("#play");
  await samePosition(page, OPENING);
  step(`placed the televised opening ${OPENING}`);

  // 4. Every reply's value as the API gives it, winning first.
  const api = await apiMoves(OPENING);
  const shown = await shownMoves(page);
  sameLists(shown, api, "replies to the televised opening");
  const firstLoss = shown.findIndex((m) => m[1] !== 0);
  check(firstLoss > 0 && shown.slice(firstLoss).every((m) => m[1] !== 0), "winning replies come first");
  check((await page.textContent("#nimber")) === `*${api.nimber}`, "the opening's nimber");
  step(`${shown.length} replies shown with the API's values, ${firstLoss} winning first`);

  // An illegal staging is refused on the page.
  await page.click(`.cell[data-x="0"][data-y="0"]`);
  await page.click("#play");
  check((await page.textContent("#error")).includes("not a legal move"), "an illegal move is refused");
  await page.click("#clear");

  // 5. A whole game against the strategist, with one undo.
  await page.check("#strategist");
  let moves = 0;
  let undone = false;
  for (;;) {
    if (await page.isVisible("#result")) break;
    const before = await page.textContent("#position");
    await page.click("#moves [data-move] >> nth=0");
    await page.waitForFunction(
      (b) => document.getElementById("position").textContent !== b &&
        document.getElementById("turn").textContent !== "Computer",
      before,
    );
    moves += 1;
    if (moves === 1 && shot) await page.screenshot({ path: shot });
    if (!undone && !(await page.isVisible("#result"))) {
      await page.click("#undo");
      await samePosition(page, before);
      undone = true;
      step(`undo went back to ${before}`);
    }
    check(moves < 40, "the game did not end");
  }
  const result = await page.textContent("#result");
  check(/won/.test(result), `the result names a winner: ${result}`);
  const last = await apiMoves(await page.textContent("#position"));
  check(last.finished === true, "the final position is a finished loop");
  step(`game over after ${moves} human moves: ${result}`);
  check(errors.length === 0, `page errors: ${errors.join("; ")}`);
} catch (e) {
  failed = true;
  console.error(`error: ${e.message}`);
} finally {
  await browser.close();
  clearTimeout(timeout);
}
if (failed) process.exit(1);
console.log(`browser test passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
