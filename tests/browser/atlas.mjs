// The octal atlas of `grundy serve` in headless Chromium, driven by
// Playwright. Expects a server reading the committed census (data/octal;
// scripts/browser-test.sh starts one):
//
//   node tests/browser/atlas.mjs --url http://127.0.0.1:PORT/ [--screenshots DIR]
//
// Steps: load /octal; the list has the census's codes; filter by status
// and digits and check every row shown; sort by a column and check the
// order; open 0.137 from the list and check it shows period 34, pre-period
// 52, the plot and the claim; a code outside the census is computed
// (0.00001: period 1); one past the bound shows the server's error. With
// --screenshots DIR, writes DIR/atlas.png (the list) and
// DIR/atlas-0.137.png (the code page). Exits 1 with a message on failure.
import { check, options, run, step } from "./harness.mjs";

const opt = options("atlas.mjs --url URL [--screenshots DIR]");
const base = opt("--url");
const shots = opt("--screenshots");

await run("atlas browser test", 90, { width: 1200, height: 800 }, async (page) => {
  const column = (key) =>
    page.$$eval(`#codes tbody td[data-key="${key}"]`, (tds) => tds.map((td) => td.dataset.value));
  const count = () => page.$eval("#count", (e) => e.textContent);

  // 1. The list.
  await page.goto(new URL("octal", base).href);
  await page.waitForSelector("body[data-ready=list]");
  const total = await count();
  check(/of 8,192 codes/.test(total), `the list counts ${total}, not the census's 8,192 codes`);
  const listed = await page.$$eval("#codes tbody tr", (rows) => rows.length);
  check(listed === 1000, `the list shows ${listed} rows, not the first 1,000`);
  step(`list loaded: ${total}`);

  // 2. Filters.
  await page.selectOption("#status", "unsettled");
  await page.selectOption("#digits", "2");
  const statuses = await column("status");
  const digits = await column("digits");
  check(statuses.length > 0, "no unsettled two-digit code shown");
  check(statuses.every((s) => s === "unsettled"), `a row not unsettled: ${statuses}`);
  check(digits.every((d) => d === "2"), `a row not of two digits: ${digits}`);
  const codes = await column("code");
  check(codes.includes("0.6") === false && codes.includes("0.04"), `two-digit unsettled codes: ${codes}`);
  step(`filtered: ${await count()} (${codes.join(" ")})`);

  // 3. Sorting: by largest value, then the other way.
  await page.click('#codes th[data-key="max_value"]');
  let maxima = (await column("max_value")).map(Number);
  check(maxima.every((v, i) => i === 0 || maxima[i - 1] <= v), `not ascending: ${maxima}`);
  await page.click('#codes th[data-key="max_value"]');
  maxima = (await column("max_value")).map(Number);
  check(maxima.every((v, i) => i === 0 || maxima[i - 1] >= v), `not descending: ${maxima}`);
  step(`sorted by largest value, descending: ${maxima.slice(0, 5).join(", ")}, …`);

  // 4. Back to every code, periodic three-digit ones, then the census list
  // screenshot; open 0.137 from the list.
  await page.selectOption("#status", "periodic");
  await page.selectOption("#digits", "3");
  await page.fill("#filter", "0.13");
  await page.waitForSelector('#codes tbody tr[data-code="0.137"]');
  if (shots) {
    await page.fill("#filter", "");
    await page.screenshot({ path: `${shots}/atlas.png` });
    await page.fill("#filter", "0.13");
  }
  await Promise.all([
    page.waitForNavigation(),
    page.click('#codes tbody tr[data-code="0.137"] a'),
  ]);
  await page.waitForSelector("body[data-ready=code]");
  const text = async (id) => page.$eval(`#${id}`, (e) => e.textContent);
  check((await text("period")) === "34", `0.137 shows period ${await text("period")}`);
  check((await text("pre-period")) === "52", `0.137 shows pre-period ${await text("pre-period")}`);
  check((await text("proof")).includes("52 ≤ n < 141"), `0.137 proof: ${await text("proof")}`);
  const claim = await text("claim");
  check(claim.includes("grundy octal check 0.137 --period 34 --values \"8 1 1 2 0 3"), `claim: ${claim}`);
  check(await page.$("#plot svg"), "no plot on the page of 0.137");
  const firstRow = await page.$$eval("#values tr:nth-child(2) td", (tds) => tds.length);
  check(firstRow === 35, `the value table has rows of ${firstRow - 1}, not of the period 34`);
  if (shots) await page.screenshot({ path: `${shots}/atlas-0.137.png`, fullPage: true });
  step("0.137: period 34, pre-period 52, proof [52, 141), plot, claim, rows of 34");

  // 5. Outside the census: computed, then past the bound.
  await page.goto(new URL("octal/0.00001?n=500", base).href);
  await page.waitForSelector("body[data-ready=code]");
  check((await text("period")) === "1", `0.00001 shows period ${await text("period")}`);
  check((await text("source-text")).includes("not in the census"), await text("source-text"));
  step("0.00001 (not in the census): computed, period 1");
  await page.goto(new URL("octal/0.00001?n=99999999", base).href);
  await page.waitForSelector("body[data-ready=error]");
  const err = await text("error");
  check(err.includes("past the atlas's bound"), `the error shown: ${err}`);
  step(`past the bound: "${err.slice(0, 80)}…"`);
});
