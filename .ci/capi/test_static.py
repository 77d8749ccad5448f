"""The static site (`musashi site`) in headless Chromium: the page plays on the WebAssembly module
in a Web Worker, with no game server. Plays a whole game of every version against every level by
clicking (the person alternates sides), fails on any request to /api/ or any script error, and
times Hard's move in the browser's WebAssembly against the native library's. Usage:

    python test_static.py URL NATIVE_HARD_MS SHOTS_DIR
"""

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
VERSIONS = ["classic", "no-setchin", "soldiers-first", "qdan", "custom"]
LEVELS = ["easy", "normal", "hard"]
MAX_HUMAN_MOVES = 400

# Hard's move from the classic start, 20 fresh players, in this page's WebAssembly (the same
# measure as the C example's bench).
BENCH = """async () => {
  const { Musashi } = await import('./musashi.js');
  const site = await (await fetch('site.json')).json();
  const musashi = await Musashi.load(fetch(site.wasm));
  const files = {};
  for (const f of site.bundle_files) files[f] = new Uint8Array(await (await fetch('bundle/' + f)).arrayBuffer());
  const bundle = musashi.loadBundle(files);
  const game = musashi.newGame('classic');
  const started = performance.now();
  for (let i = 0; i < 20; i++) { const p = bundle.player(game, 'hard', { seed: BigInt(i) }); p.choose(game); p.free(); }
  return (performance.now() - started) / 20;
}"""


def check(cond, what):
    if not cond:
        raise AssertionError(what)


def wait_for_my_turn_or_end(page):
    page.wait_for_selector("g[data-movable], #ending:not([hidden])", timeout=120_000)
    return page.locator("#ending").is_hidden()


def play_one_move(page):
    before = page.locator("#moves li").count()
    frm = page.locator("g[data-movable]").first.get_attribute("data-point")
    page.locator(f'g[data-point="{frm}"] circle.hit').click()
    page.wait_for_selector("g[data-target]")
    to = page.locator("g[data-target]").first.get_attribute("data-point")
    page.locator(f'g[data-point="{to}"] circle.hit').click()
    page.wait_for_selector(f"#moves li:nth-child({before + 1})")


def main(url, native_ms, shots):
    shots = Path(shots)
    shots.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1100, "height": 900})
        errors, api_requests = [], []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("request", lambda r: api_requests.append(r.url) if "/api/" in r.url else None)
        page.on("dialog", lambda d: d.accept())
        page.goto(url)
        page.wait_for_selector("body[data-ready]")
        check(page.locator("#version option").count() == 5, "every version is offered")

        for i, (version, level) in enumerate((v, lv) for v in VERSIONS for lv in LEVELS):
            human = "general" if i % 2 == 0 else "soldiers"
            page.select_option("#version", version)
            page.select_option("#human", human)
            page.select_option("#level", level)
            page.click("#new")
            # The last game's ending stays shown until the new game is set up (a Hard level loads
            # its network first): wait for it to go, or the loop below would read it as this
            # game's end.
            page.wait_for_selector("#ending", state="hidden", timeout=120_000)
            moves = 0
            while wait_for_my_turn_or_end(page):
                play_one_move(page)
                moves += 1
                check(moves < MAX_HUMAN_MOVES, f"{version} {level}: the game ends")
            ending = page.locator("#ending").inner_text()
            played = page.locator("#moves li").count()
            check(ending.startswith("You won!") or ending.startswith("You lost."), f"{version} {level}: {ending}")
            print(f"{version} {level}, the person as the {human}: {played} moves; {ending.splitlines()[0]}")
            if version == "classic" and level == "hard":
                page.screenshot(path=str(shots / "static-classic-hard.png"))

        browser_ms = page.evaluate(BENCH)
        ratio = browser_ms / float(native_ms)
        print(f"classic hard: {browser_ms:.2f} ms per move in Chromium's WebAssembly, native {native_ms} ms: {ratio:.2f}x")
        check(ratio <= 3.0, f"WebAssembly in the browser is {ratio:.2f}x native (target at most 3x)")
        check(not api_requests, f"no request to a game server: {api_requests[:3]}")
        check(not errors, f"no script errors: {errors}")
        browser.close()
    print("static site test passed")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])
