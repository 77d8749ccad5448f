"""The page of `musashi serve` in a real headless Chromium, driven by Playwright.

Plays a whole game by clicking points (hints followed now and then), takes back a move and the
computer's reply with Undo, reloads the page and continues the game, continues a game the server
no longer holds (replayed from its moves, which repeat a position: the warning shows), switches
language, naming and setchin side, checks what a first-time player is shown (the rules and the
legend in two languages, the board's coordinates, Undo only after the person's first move, a
confirmation before leaving or resigning a game, a loss not shown in a winner's colour, the setup
first on a phone before a game), and saves screenshots. Usage:

    python test_page.py URL SHOTS_DIR
"""

import json
import sys
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
MAX_HUMAN_MOVES = 400


def check(cond, what):
    if not cond:
        raise AssertionError(what)


def moves_played(page):
    return page.locator("#moves li").all_inner_texts()


def wait_for_my_turn_or_end(page):
    """Waits until a piece may be moved or the game has ended; True while the game goes on."""
    page.wait_for_selector("g[data-movable], #ending:not([hidden])", timeout=60_000)
    return page.locator("#ending").is_hidden()


def click_point(page, name):
    page.locator(f'g[data-point="{name}"] circle.hit').click()


def play_one_move(page, use_hint):
    """One move of the person: the hint's move, or the first movable piece to its first target."""
    if use_hint:
        page.click("#hint")
        line = page.wait_for_selector("#hint-line", state="attached", timeout=60_000)
        frm, to = line.get_attribute("data-move").split("-")
        check(page.locator("#hint-line").evaluate("l => getComputedStyle(l).strokeDasharray") != "none",
              "the hint is a dashed line")
    else:
        frm = page.locator("g[data-movable]").first.get_attribute("data-point")
        to = None
    before = len(moves_played(page))
    click_point(page, frm)
    if to is None:
        page.wait_for_selector("g[data-target]")
        to = page.locator("g[data-target]").first.get_attribute("data-point")
    click_point(page, to)
    page.wait_for_selector(f"#moves li:nth-child({before + 1})")
    check(moves_played(page)[before] == f"{frm}-{to}", f"the move {frm}-{to} was played")


def main(url, shots):
    shots = Path(shots)
    shots.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1100, "height": 900})
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        dialogs = []

        def answer(dialog):
            dialogs.append(dialog.message)
            dialog.accept()
        page.on("dialog", answer)
        page.goto(url)
        page.wait_for_selector("body[data-ready]")

        # What a first-time player reads before a game: the rules, the legend, player-facing names.
        check("sixteen" in page.locator("#help").inner_text(), "the rules in a few lines")
        check(page.locator(".legend li").count() == 5, "a legend of the five marks")
        check(page.locator("#version option[value=qdan]").inner_text() != "qdan", "no internal preset names")

        # A classic game as the General against the Easy soldiers.
        page.select_option("#version", "classic")
        page.select_option("#human", "general")
        page.select_option("#level", "easy")
        page.click("#new")
        check(wait_for_my_turn_or_end(page), "the game starts with the General to move")
        check(page.locator("#undo").is_disabled(), "nothing to undo before the person's first move")
        files = page.locator("text[data-coord=file]").all_text_contents()
        ranks = page.locator("text[data-coord=rank]").all_text_contents()
        check(files == list("abcde") and ranks == [str(r) for r in range(1, 8)], f"coordinates: {files} {ranks}")
        check(page.locator("#board circle.threat").count() == 4, "the start shows four threatened soldiers")
        check(page.locator("#board text.capture-count").count() == 4, "and four capture destinations")
        page.click("#hint")
        page.wait_for_selector("#hint-line", state="attached")
        page.screenshot(path=str(shots / "start-hint.png"))
        for i in range(3):
            play_one_move(page, use_hint=(i == 1))
            check(wait_for_my_turn_or_end(page), "the game goes on after three moves")
        page.screenshot(path=str(shots / "game.png"))

        # Undo takes back the person's move and the computer's reply.
        before = moves_played(page)
        page.click("#undo")
        expect(page.locator("#moves li")).to_have_count(len(before) - 2)
        check(moves_played(page) == before[:-2], "undo took back the last two moves")
        wait_for_my_turn_or_end(page)
        play_one_move(page, use_hint=False)
        wait_for_my_turn_or_end(page)

        # Reload: the game continues where it was.
        before = moves_played(page)
        page.reload()
        page.wait_for_selector("body[data-ready]")
        check(page.locator("#continue").is_visible(), "Continue is offered after a reload")
        page.click("#continue")
        expect(page.locator("#moves li")).to_have_count(len(before))
        check(moves_played(page) == before, "the continued game has the same moves")

        # Play it out, following the hint every fifth move.
        human_moves = 0
        while wait_for_my_turn_or_end(page):
            play_one_move(page, use_hint=(human_moves % 5 == 4))
            human_moves += 1
            check(human_moves < MAX_HUMAN_MOVES, "the game ends")
        ending = page.locator("#ending").inner_text()
        check(ending.startswith("You won!") or ending.startswith("You lost."), f"the ending in words: {ending}")
        lost_style = "lost" in (page.locator("#ending").get_attribute("class") or "")
        check(lost_style == ending.startswith("You lost."), "a loss is not drawn in a winner's colour")
        page.screenshot(path=str(shots / "ending.png"))
        print(f"whole game: {len(moves_played(page))} moves; {ending}")

        # Rematch: the same rules and level, the sides swapped; the computer's General opens.
        page.click("#rematch")
        # The last game's ending stays shown until the rematch is set up: wait for it to go, or
        # the next line would read it as the rematch's end.
        page.wait_for_selector("#ending", state="hidden", timeout=60_000)
        check(wait_for_my_turn_or_end(page), "the rematch goes on")
        check(page.locator("#human").input_value() == "soldiers", "the person now plays the soldiers")
        check(len(moves_played(page)) == 1, "the computer's General made the first move")
        check(page.locator("#undo").is_disabled(), "the computer's opening move is not the person's to undo")

        # A game the server no longer holds continues from its moves; its moves repeat the start
        # position, so the repetition warning shows.
        saved = {"id": "0" * 32, "rules": {"preset": "classic"}, "human": "general", "level": "normal",
                 "moves": ["c3-c4", "b1-b2", "c4-c3", "b2-b1"], "over": False}
        page.evaluate(f"localStorage.setItem('musashi.game', JSON.stringify({json.dumps(saved)}))")
        page.reload()
        page.wait_for_selector("body[data-ready]")
        page.click("#continue")
        page.wait_for_selector("#warning:not([hidden])")
        check(len(moves_played(page)) == 4, "the replayed game has its four moves")

        # The platform's words in French, the setchin on the right, on a phone-sized screen.
        page.set_viewport_size({"width": 390, "height": 844})
        page.select_option("#lang", "fr")
        page.select_option("#setchin", "right")
        check(page.locator("#hint").inner_text() == "Indice", "the buttons speak French")
        check(page.locator("#help summary").inner_text() == "Comment jouer", "the rules speak French")
        check("Parent" in page.locator(".legend").inner_text(), "and so does the legend")
        check("Parent" in page.locator("#warning").inner_text(), "the platform's name for the General")
        box = page.locator("#board").bounding_box()
        check(box["width"] > box["height"], "with the setchin on the right the board is wider than tall")
        check(box["width"] <= 390, "the board fits a phone's width")
        page.screenshot(path=str(shots / "phone-fr.png"), full_page=True)

        # A custom game on the 25-point board, the soldiers first, played by the person.
        page.set_viewport_size({"width": 1100, "height": 900})
        page.select_option("#lang", "en")
        page.select_option("#naming", "platform")
        page.select_option("#version", "custom")
        page.select_option("#opt-board", "25")
        page.select_option("#opt-first", "soldiers")
        page.select_option("#opt-wins", "4")
        page.select_option("#human", "soldiers")
        before_dialogs = len(dialogs)
        page.click("#new")
        check(len(dialogs) == before_dialogs + 1 and "Leave the game" in dialogs[-1],
              f"leaving a game under way asks first: {dialogs}")
        check(wait_for_my_turn_or_end(page), "the custom game starts with the person's move")
        check(page.locator("g[data-point]").count() == 25, "the 25-point board")
        play_one_move(page, use_hint=False)
        check(wait_for_my_turn_or_end(page), "the computer replied")
        check("Children" in page.locator("#status").inner_text(), "the platform's naming in English")
        page.screenshot(path=str(shots / "custom-25.png"))
        page.click("#resign")
        check("Resign" in dialogs[-1], f"resigning asks first: {dialogs}")
        page.wait_for_selector("#ending:not([hidden])")
        check("lost" in page.locator("#ending").get_attribute("class"), "a resigned game is a loss, drawn as one")

        # A first visit on a phone, in French: the setup and the rules come before the board.
        fresh = browser.new_page(viewport={"width": 390, "height": 844})
        fresh.on("pageerror", lambda e: errors.append(str(e)))
        fresh.goto(url)
        fresh.wait_for_selector("body[data-ready]")
        fresh.select_option("#lang", "fr")
        new_at = fresh.locator("#new").bounding_box()["y"]
        board_at = fresh.locator("#board").bounding_box()["y"]
        check(new_at < board_at, f"on a phone the setup comes first ({new_at} < {board_at})")
        fresh.screenshot(path=str(shots / "phone-first-visit-fr.png"), full_page=True)

        check(not errors, f"no script errors on the page: {errors}")
        browser.close()
    print("browser test passed")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
