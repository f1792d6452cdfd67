// What every browser test of `grundy serve` shares: its options, a step
// log with the seconds since the start, a check that throws, and a run of
// the test's body in headless Chromium (CHROMIUM, default Debian's
// /usr/bin/chromium) under a time limit, with page errors collected.
// A failure prints "error: MESSAGE" and exits 1; bad usage exits 2.
import { chromium } from "playwright-core";

const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);

// The value after `--name` on the command line, or undefined; exits 2
// with `usage` unless --url is given.
export function options(usage) {
  const args = process.argv.slice(2);
  const opt = (name) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  if (!opt("--url")) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  return opt;
}

// Logs a passed step.
export const step = (msg) => console.log(`ok ${seconds()} s: ${msg}`);

// Throws `msg` unless `cond`.
export function check(cond, msg) {
  if (!cond) throw new Error(msg);
}

// Runs `body(page)` on a new page of `viewport` in a fresh browser, the
// whole test limited to `limit` seconds; fails on any page error. Prints
// "NAME passed in S s" and exits 0, or prints the error and exits 1.
export async function run(name, limit, viewport, body) {
  const timer = setTimeout(() => {
    console.error(`error: the ${name} took longer than ${limit} s`);
    process.exit(1);
  }, limit * 1000);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
  let failed = false;
  try {
    const page = await browser.newPage({ viewport });
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await body(page);
    check(errors.length === 0, `page errors: ${errors.join("; ")}`);
  } catch (e) {
    failed = true;
    console.error(`error: ${e.message}`);
  } finally {
    clearTimeout(timer);
    await browser.close();
  }
  if (failed) process.exit(1);
  console.log(`${name} passed in ${seconds()} s`);
  process.exit(0);
}
