"""The explorer in a real browser: headless Chromium (Debian's package) driven by Playwright
against `partizan explore --no-open --port 0`.

    python3 tests/browser/explore.py [PATH_TO_PARTIZAN]

It types `{0|*} + ^` and sees `^^`; opens Domineering 2x3, clicks squares and sees the values
`partizan eval` prints for the same boards; clicks an option and returns by the trail; starts
6x6 Domineering, cancels it and sees the next entry answered; enters bad input and sees the
error with its span marked. Screenshots of each step go to $EXPLORE_SCREENSHOTS (default
target/explore-screenshots). Prints `N passed, 0 failed` at the end; exits non-zero on a
failure.
"""

import os
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import expect, sync_playwright

BINARY = sys.argv[1] if len(sys.argv) > 1 else "target/release/partizan"
SHOTS = os.environ.get("EXPLORE_SCREENSHOTS", "target/explore-screenshots")
LONG = 'domineering("......|......|......|......|......|......")'


def cli_eval(text: str, unicode: bool = True) -> str:
    args = [BINARY, "eval"] + (["--unicode"] if unicode else []) + [text]
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout.strip()


def main() -> int:
    os.makedirs(SHOTS, exist_ok=True)
    server = subprocess.Popen(
        [BINARY, "explore", "--no-open", "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    passed = 0
    try:
        line = server.stdout.readline().strip()
        url = line.split(": ", 1)[1]
        with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
            browser = p.chromium.launch_persistent_context(
                profile,
                executable_path="/usr/bin/chromium",
                headless=True,
                args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                      "--no-first-run", "--disable-background-networking",
                      "--disable-component-update", "--disable-sync"],
                viewport={"width": 1280, "height": 860},
            )
            page = browser.new_page()
            page.goto(url)

            def shot(name: str) -> None:
                page.screenshot(path=os.path.join(SHOTS, name + ".png"), full_page=True)

            def enter(text: str) -> None:
                page.fill("#entry", text)
                page.press("#entry", "Enter")

            # The worksheet: a sum.
            enter("{0|*} + ^")
            last = page.locator("#history li").last
            expect(last.locator(".value")).to_have_text("⇑")
            assert last.locator(".value").get_attribute("title") == "^^"
            shot("1-worksheet")
            passed += 1

            # Domineering 2x3: the board's value, then squares clicked into holes, each value
            # as `partizan eval` gives it for the same board.
            page.select_option("#family", "domineering")
            page.fill("#rows", "2")
            page.fill("#cols", "3")
            page.click("#new-board")
            expect(page.locator("#call")).to_have_value('domineering("...|...")')
            expect(page.locator(".value-value")).to_have_text(cli_eval('domineering("...|...")'))
            board = page.locator("#board svg")
            for (r, c, call) in [(0, 0, 'domineering("#..|...")'), (1, 2, 'domineering("#..|..#")')]:
                box = board.bounding_box()
                scale = box["width"] / float(board.get_attribute("width"))
                page.mouse.click(box["x"] + (1 + 28 * c + 14) * scale, box["y"] + (1 + 28 * r + 14) * scale)
                expect(page.locator("#call")).to_have_value(call)
                expect(page.locator(".value-value")).to_have_text(cli_eval(call))
                passed += 1
            shot("2-domineering")

            # An option, then back by the trail.
            start = page.locator("#call").input_value()
            option = page.locator("#left-options .option").first
            target = option.get_attribute("title").split(" (")[0]
            option.click()
            expect(page.locator("#call")).to_have_value(target)
            expect(page.locator(".value-value")).to_have_text(cli_eval(target))
            shot("3-option")
            page.locator("#trail button").first.click()
            expect(page.locator("#call")).to_have_value(start)
            passed += 1

            # A long job cancelled, and the next entry answered at once.
            enter(LONG)
            running = page.locator("#history li").last
            expect(running.locator(".status")).to_contain_text("positions", timeout=5000)
            shot("4-running")
            running.locator("button.cancel").click()
            expect(running.locator(".message")).to_have_text("cancelled", timeout=5000)
            t = time.time()
            enter("g := {2||1|0}; g.Temperature")
            expect(page.locator("#history li").last.locator(".value")).to_have_text("3/4", timeout=3000)
            assert time.time() - t < 3
            passed += 1

            # Bad input: the one-line error and its span.
            enter("{1|*2")
            bad = page.locator("#history li").last
            expect(bad.locator(".message")).to_have_text(
                "at byte 5 of \"{1|*2\": expected ',' or '}'")
            expect(bad.locator("mark.span")).to_have_count(1)
            passed += 1

            # A thermograph, for the docs' picture.
            enter("{3|-2} + {1|-1}")
            done = page.locator("#history li").last
            done.locator("button.toggle", has_text="Thermograph").click()
            expect(done.locator(".thermograph svg")).to_have_count(1)
            page.select_option("#family", "clobber")
            expect(page.locator("#call")).to_have_value('clobber("xox|oxo")')
            expect(page.locator(".value-value")).to_have_text(cli_eval('clobber("xox|oxo")'))
            shot("5-explorer")
            passed += 1
            browser.close()
    except Exception as e:  # noqa: BLE001 - the report line, then the failure
        print(f"explorer browser test failed: {e!r}", file=sys.stderr)
        print(f"{passed} passed, 1 failed")
        return 1
    finally:
        server.terminate()
        server.wait()
    print(f"{passed} passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
