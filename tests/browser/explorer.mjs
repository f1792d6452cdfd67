// The explorer page of `grundy serve` in headless Chromium, driven by
// Playwright. Expects a server on the Season 4 board (scripts/browser-test.sh
// starts one):
//
//   node tests/browser/explorer.mjs --url http://127.0.0.1:PORT/ [--screenshot FILE.png]
//
// Steps: load the page; the start's moves, grouped by symmetry class, equal
// the API's; place the televised opening by clicking cells and play it;
// every reply shown equals the API's value, best first; illegal stagings
// are refused with their reason; play a whole game against the strategist
// (with one undo, back and forward) to a finished loop; play the main line
// from the start to the end. At 1400x1000 and at 800x600, on this board and
// (with --wide-url, a server on the unbounded grid at T = 16) on the widest
// one: the first screen shows the value, the remoteness and the first move
// (and on this board the whole board), every cell's centre hit-tests to
// that cell and no control is cut off. Exits 1 with a message on failure.
import { check, options, run, step } from "./harness.mjs";

const opt = options("explorer.mjs --url URL [--wide-url URL] [--screenshot FILE]");
const base = opt("--url");
const shot = opt("--screenshot");
const wide = opt("--wide-url");
const OPENING = "3,1,EW;3,2,EW;3,3,EW";

async function apiMoves(p) {
  const r = await fetch(new URL(`api/position?p=${encodeURIComponent(p)}`, base));
  check(r.ok, `API ${p}: HTTP ${r.status}`);
  return r.json();
}

async function shownMoves(page) {
  return page.$$eval("#moves li.member", (els) =>
    els.map((e) => [e.dataset.move, Number(e.dataset.nimber), Number(e.dataset.remoteness)]),
  );
}

async function shownClasses(page) {
  return page.$$eval("#moves li.cls", (els) =>
    els.map((e) => [e.dataset.play, Number(e.dataset.count), e.dataset.result, Number(e.dataset.remoteness)]),
  );
}

/// The API's moves grouped by class: classes in order of id, moves in list order.
function grouped(api) {
  const g = [];
  for (const m of api.moves) (g[m.class] = g[m.class] || []).push(m);
  return g;
}

/// Every cell's centre, scrolled into view, hit-tests to that cell; no
/// button or section is cut off (its content wider than its box).
async function checkLayout(page, what) {
  const bad = await page.evaluate(() => {
    const out = [];
    for (const g of document.querySelectorAll("#board .cell")) {
      g.scrollIntoView({ block: "center", inline: "center" });
      const r = g.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      const cell = hit && hit.closest(".cell");
      if (!cell || cell.dataset.x !== g.dataset.x || cell.dataset.y !== g.dataset.y) {
        out.push(`cell ${g.dataset.x},${g.dataset.y} hits ${cell ? cell.dataset.x + "," + cell.dataset.y : hit && hit.tagName}`);
      }
      if (r.width < 20) out.push(`cell ${g.dataset.x},${g.dataset.y} is ${r.width.toFixed(1)} px wide`);
    }
    for (const el of document.querySelectorAll("section, .palette, .controls")) {
      if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.id || el.className} is cut off (${el.scrollWidth} > ${el.clientWidth} px)`);
    }
    for (const b of document.querySelectorAll("button")) {
      const r = b.getBoundingClientRect(), p = b.closest("section").getBoundingClientRect();
      if (r.right > p.right + 1 || r.left < p.left - 1) out.push(`button ${b.id || b.title} outside its panel`);
    }
    return out;
  });
  const cells = await page.$$eval("#board .cell", (els) => els.length);
  check(bad.length === 0, `${what}: ${bad.slice(0, 5).join("; ")}`);
  step(`${what}: all ${cells} cells hit-test to themselves, nothing cut off`);
}

/// On the first screen, unscrolled, a person sees the position's value,
/// its remoteness and the first row of moves, and with `board` the whole
/// board: each lies inside the viewport.
async function checkFirstScreen(page, what, board) {
  const out = await page.evaluate((board) => {
    window.scrollTo(0, 0);
    const [vw, vh] = [window.innerWidth, window.innerHeight];
    const bad = [];
    const inside = (el, name) => {
      const r = el && el.getBoundingClientRect();
      if (!r || r.height === 0) bad.push(`${name} not shown`);
      else if (r.top < 0 || r.left < 0 || r.bottom > vh || r.right > vw) {
        bad.push(`${name} at ${r.left.toFixed(0)},${r.top.toFixed(0)}-${r.right.toFixed(0)},${r.bottom.toFixed(0)}, outside ${vw}x${vh}`);
      }
      return r;
    };
    inside(document.getElementById("nimber"), "the value");
    inside(document.getElementById("outcome"), "the outcome");
    inside(document.getElementById("remoteness"), "the remoteness");
    const first = inside(document.querySelector("#moves li.cls .row"), "the first move");
    if (board) inside(document.querySelector("#board svg"), "the board");
    return { bad, first: first ? Math.round(first.bottom) : null, vh };
  }, board);
  check(out.bad.length === 0, `${what}, first screen: ${out.bad.join("; ")}`);
  step(`${what}: value, remoteness${board ? ", the whole board" : ""} and the first move (bottom at ${out.first} of ${out.vh} px) on the first screen`);
}

async function samePosition(page, want) {
  await page.waitForFunction((w) => document.getElementById("position").textContent === w, want);
}

function sameLists(shown, api, what) {
  const want = grouped(api).flat().map((m) => [m.move, m.nimber, m.remoteness]);
  check(
    JSON.stringify(shown) === JSON.stringify(want),
    `${what}: the page shows ${JSON.stringify(shown).slice(0, 300)}, the API ${JSON.stringify(want).slice(0, 300)}`,
  );
}

await run("browser test", 120, { width: 1400, height: 1000 }, async (page) => {
  // 1. Load.
  await page.goto(base);
  await page.waitForSelector("#board svg");
  await page.waitForSelector("#moves li.cls");
  await samePosition(page, "-");
  step("page loaded with the board and the move list");

  // 2. The start's moves as the API gives them.
  const start = await apiMoves("-");
  sameLists(await shownMoves(page), start, "start");
  const classes = await shownClasses(page);
  const want = grouped(start).map((ms) => [ms[0].move, ms.length, ms[0].result, ms[0].remoteness]);
  check(JSON.stringify(classes) === JSON.stringify(want), `start classes: page ${JSON.stringify(classes).slice(0, 300)}, API ${JSON.stringify(want).slice(0, 300)}`);
  check(classes.length === start.classes, "one row per class");
  step(`the start's ${start.moves.length} moves in ${classes.length} classes equal the API's`);
  await page.click("#moves li.cls >> nth=0 >> .toggle");
  check(await page.isVisible("#moves li.cls >> nth=0 >> li.member"), "a class expands to its moves");
  await checkFirstScreen(page, "1400x1000, 5x4 board", true);
  await checkLayout(page, "1400x1000, 5x4 board");

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
  const rows = await shownClasses(page);
  for (let i = 1; i < rows.length; i++) {
    const [p, q] = [rows[i - 1], rows[i]];
    const rank = (r) => (r[2] === "win" ? r[3] : 1000 - r[3]) + (r[2] === "win" ? 0 : 1000);
    check(rank(p) <= rank(q), `best first: ${p} before ${q}`);
  }
  check((await page.getAttribute("#moves li.cls >> nth=0", "class")).includes("win"), "a winning move is coloured as a win");
  check((await page.textContent("#nimber")) === `*${api.nimber}`, "the opening's nimber");
  step(`${shown.length} replies shown with the API's values, ${firstLoss} winning first`);

  // Illegal stagings are refused on the page, each with its reason.
  for (const [cells, reason] of [
    [[[0, 0]], "not adjacent"],
    [[[0, 0], [1, 1]], "not in a line"],
    [[[0, 0], [0, 1], [0, 2], [0, 3]], "more than 3 tiles"],
    [[[4, 3]], "off any completable loop"],
  ]) {
    for (const [x, y] of cells) await page.click(`.cell[data-x="${x}"][data-y="${y}"]`);
    await page.click("#play");
    const msg = await page.textContent("#error");
    check(msg.includes("not a legal move") && msg.includes(reason), `illegal ${JSON.stringify(cells)}: ${msg}`);
    await page.click("#clear");
  }
  step("illegal stagings refused with their reasons");

  // 5. A whole game against the strategist, with one undo.
  await page.check("#strategist");
  let moves = 0;
  let undone = false;
  for (;;) {
    if (await page.isVisible("#result")) break;
    const before = await page.textContent("#position");
    await page.click("#moves li.cls >> nth=0 >> .row");
    await page.waitForFunction(
      (b) => document.getElementById("position").textContent !== b &&
        document.getElementById("turn").textContent !== "Computer",
      before,
    );
    moves += 1;
    if (moves === 1 && shot) await page.screenshot({ path: shot });
    if (!undone && !(await page.isVisible("#result"))) {
      const after = await page.textContent("#position");
      await page.click("#undo");
      await samePosition(page, before);
      undone = true;
      step(`undo went back to ${before}`);
      await page.click("#moves li.cls >> nth=0 >> .row");
      await page.waitForFunction(() => document.getElementById("turn").textContent !== "Computer");
      await samePosition(page, after);
      await page.click("#back");
      await page.click("#forward");
      await samePosition(page, after);
      step("back and forward return to the same position");
    }
    check(moves < 40, "the game did not end");
  }
  const result = await page.textContent("#result");
  check(/^You won/.test(result), `the human, always playing the best move from an N-position, won: ${result}`);
  const last = await apiMoves(await page.textContent("#position"));
  check(last.finished === true, "the final position is a finished loop");
  check((await page.$$eval("#history li", (l) => l.length)) >= 2 * moves - 1, "the moves played are listed");
  step(`game over after ${moves} human moves: ${result}`);

  // 6. The main line from the start, played to the end by clicking it.
  await page.goto(base);
  await page.waitForSelector("#main-line li[data-move]");
  await page.uncheck("#strategist");
  const length = await page.$$eval("#main-line li[data-move]", (l) => l.length);
  check(length === start.remoteness, `main line of ${length} moves, remoteness ${start.remoteness}`);
  let played = 0;
  while (!(await page.isVisible("#result"))) {
    const before = await page.textContent("#position");
    // The main line of this position, not the last one's (whose first move
    // led here) while the new one loads.
    await page.waitForFunction(() => {
      const first = document.querySelector("#main-line li[data-move]");
      return first && first.dataset.position !== document.getElementById("position").textContent;
    });
    const next = await page.getAttribute("#main-line li[data-move] >> nth=0", "data-position");
    await page.click("#main-line li[data-move] >> nth=0");
    await samePosition(page, next);
    check(before !== next, "the main line moves on");
    const r = Number((await page.textContent("#remoteness")).split(/[ :]/)[0]);
    played += 1;
    check(r === start.remoteness - played, `remoteness ${r} after ${played} main-line moves`);
    if (!(await page.isVisible("#result"))) await page.waitForSelector("#main-line li[data-move]");
    check(played <= length, "the main line ended");
  }
  check(played === length, `the main line took ${played} moves`);
  step(`played the main line from the start: ${played} moves to a finished loop`);

  // 7. The layout at 800x600, and on the unbounded grid's wide board.
  await page.setViewportSize({ width: 800, height: 600 });
  await page.goto(base);
  await page.waitForSelector("#moves li.cls");
  // What the first screen shows, before checkLayout scrolls.
  if (shot) await page.screenshot({ path: shot.replace(/\.png$/, "-800.png") });
  await checkFirstScreen(page, "800x600, 5x4 board", true);
  await checkLayout(page, "800x600, 5x4 board");
  if (wide) {
    for (const [w, h] of [[1400, 1000], [800, 600]]) {
      await page.setViewportSize({ width: w, height: h });
      await page.goto(wide);
      await page.waitForSelector("#moves li.cls");
      const g = await apiMoves("-").then(() => fetch(new URL("api/position?p=-", wide)).then((r) => r.json()));
      const rows = await page.$$eval("#moves li.cls", (l) => l.length);
      check(rows === g.classes && rows < g.moves.length, `unbounded grid: ${rows} rows for ${g.moves.length} moves in ${g.classes} classes`);
      await checkFirstScreen(page, `${w}x${h}, unbounded grid`, false);
      await page.click(".cell[data-x=\"0\"][data-y=\"1\"]");
      await checkLayout(page, `${w}x${h}, unbounded grid (${g.moves.length} moves in ${rows} classes)`);
      if (shot && w === 1400) await page.screenshot({ path: shot.replace(/\.png$/, "-t16.png") });
    }
  }
});
