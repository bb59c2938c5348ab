// The playground in a real browser: Debian's headless chromium driven by playwright-core.
// Run by tests/browser.rs (`cargo test`); by hand: PUZC=target/release/puzc node playground.mjs.
// PUZC_SCREENSHOT=FILE also saves a picture of the playground with a solved Mayan game.
//
// 1. Type a spec with a mistake: the editor underlines it, and hovering shows the message.
// 2. Fix it and solve: the answers' grids and the count appear.
// 3. Pick the Mayan game from the menu, solve, step through its moves (the changed cells
//    outlined) forwards and back.
// 4. Start a long count and close the tab: the server's search stops.
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const puzc = process.env.PUZC;
if (!puzc) throw new Error("set PUZC to the puzc binary");
const deadline = setTimeout(() => fail("the browser test took more than 120 s"), 120_000);

let server, browser, profile;
function fail(why) {
  console.error(`FAILED: ${why}`);
  cleanUp();
  process.exit(1);
}
function cleanUp() {
  clearTimeout(deadline);
  if (server) server.kill();
  if (profile) rmSync(profile, { recursive: true, force: true });
}
function check(ok, what) {
  if (!ok) fail(what);
  console.log(`ok: ${what}`);
}

// The server, on a port of its choosing, which it prints.
server = spawn(puzc, ["serve"], { stdio: ["ignore", "pipe", "inherit"] });
const url = await new Promise((resolve, reject) => {
  let out = "";
  server.stdout.on("data", (d) => {
    out += d;
    const m = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
    if (m) resolve(m[0]);
  });
  server.on("exit", (code) => reject(new Error(`puzc serve ended with ${code}: ${out}`)));
});
console.log(`server: ${url}`);

profile = mkdtempSync(join(tmpdir(), "puzc-chromium-"));
// A fresh profile (playwright passes it as --user-data-dir).
browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.PUZC_CHROMIUM || "/usr/bin/chromium",
  headless: true,
  viewport: { width: 1280, height: 800 },
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
});
try {
  const page = await browser.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(url);
  await page.waitForSelector("#puzzles option[value='mayan.puz']", { state: "attached" });
  check(await page.locator("#puzzles option").count() > 30, "the menu lists the shipped puzzles");

  // 1. A mistake: `row` is no region of this spec.
  await page.click(".cm-content");
  await page.keyboard.type("board g[2, 2] of 1..=2\nfill g\neach row, col holds each value exactly once\n");
  const underline = page.locator(".cm-lintRange-error");
  await underline.first().waitFor();
  check(await underline.first().textContent() === "row", "the mistake `row` is underlined");
  await underline.first().hover();
  const tooltip = page.locator(".cm-tooltip-lint");
  await tooltip.waitFor();
  const message = await tooltip.textContent();
  check(message.includes("E101") && message.includes("no region is named `row`"), `hovering shows the message: ${message}`);

  // 2. The fix: the rows and columns declared above the rule (below the board).
  await page.keyboard.press("Control+Home");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.type("region row(r) = { (r, c) for c in 0..2 } for r in 0..2\nregion col(c) = { (r, c) for r in 0..2 } for c in 0..2\n");
  await page.waitForFunction(() => document.querySelectorAll(".cm-lintRange-error").length === 0 && document.querySelectorAll("#diagnostics li").length === 0)
    .catch(async (e) => fail(`still diagnosed: ${await page.evaluate(() => window.puzcEditor.state.doc.toString() + "\n" + document.querySelector("#diagnostics").textContent)}`));
  check(true, "fixed: the underline and the list are gone");
  await page.selectOption("#mode", "all");
  await page.click("#solve");
  await page.waitForFunction(() => document.querySelector("#status").textContent.includes("count 2"))
    .catch(async () => fail(`the status reads ${await page.textContent("#status")}`));
  const grids = await page.locator("#answers .answer svg").count();
  check(grids === 2, `solved: ${grids} grids shown (a 2×2 Latin square has 2), status "${await page.textContent("#status")}"`);
  const first = await page.textContent("#answers .answer pre");
  check(first === "12\n21\n" || first === "21\n12\n", `the first answer's grid reads ${JSON.stringify(first)}`);

  // 3. The Mayan game: solve, then step through the trace.
  await page.selectOption("#puzzles", "mayan.puz");
  await page.waitForFunction(() => window.puzcEditor.state.doc.toString().includes("Mayan"));
  await page.selectOption("#mode", "");
  await page.click("#solve");
  await page.locator("#steps").waitFor({ state: "visible" });
  await page.waitForFunction(() => document.querySelector("#status").textContent.includes("solved"));
  const steps = await page.textContent("#step");
  check(steps === "step 0 of 3", `the trace starts at the start: ${steps}`);
  check(await page.isDisabled("#prev"), "no step before the start");
  const outlined = () => page.locator("#frame svg .changed").count();
  check(await outlined() === 0, "the start outlines no cell");
  await page.click("#next");
  check(await page.textContent("#step") === "step 1 of 3", "Next goes to move 1");
  const changed = await outlined();
  check(changed >= 2, `move 1 outlines the cells it changed (${changed})`);
  await page.click("#next");
  await page.click("#next");
  check(await page.textContent("#step") === "step 3 of 3" && await page.isDisabled("#next"), "the last move ends the trace");
  await page.click("#prev");
  check(await page.textContent("#step") === "step 2 of 3", "Previous goes back");
  if (process.env.PUZC_SCREENSHOT) {
    await page.click("#prev");
    await page.screenshot({ path: process.env.PUZC_SCREENSHOT });
    console.log(`screenshot: ${process.env.PUZC_SCREENSHOT}`);
  }

  // 4. A long count in a tab that is closed: the search stops.
  const long = await browser.newPage();
  await long.goto(url);
  await long.waitForSelector("#puzzles option[value='queens.puz']", { state: "attached" });
  await long.selectOption("#puzzles", "queens.puz");
  await long.waitForFunction(() => window.puzcEditor.state.doc.toString().includes("let n = 8"));
  await long.evaluate(() => {
    const v = window.puzcEditor;
    const text = v.state.doc.toString();
    const at = text.indexOf("let n = 8");
    v.dispatch({ changes: { from: at, to: at + 9, insert: "let n = 16" } });
  });
  await long.selectOption("#mode", "count");
  await long.click("#solve");
  await long.waitForFunction(() => document.querySelector("#status").textContent.includes("nodes/s"));
  const status = async () => (await fetch(`${url}status`)).json();
  check((await status()).searches === 1, "the count is running");
  await long.close();
  let searches = 1;
  for (let i = 0; i < 40 && searches > 0; i++) {
    await new Promise((r) => setTimeout(r, 100));
    searches = (await status()).searches;
  }
  check(searches === 0, "closing the tab stopped the search");
  console.log("all passed");
} catch (e) {
  fail(e.stack || String(e));
} finally {
  await browser.close().catch(() => {});
  cleanUp();
}
