"""crib serve in a real browser: a whole game played to the end by clicks and by keys, a review
opened and stepped through, the history, a drill answered, at a desktop size and a phone size, with
screenshots kept; axe-core finds no serious or critical accessibility violation.

Run by .ci/run: CRIB (the binary), AXE (axe.min.js from npm), SCREENSHOTS (where to keep them).
"""

import json
import os
import pathlib
import subprocess
import tempfile
import time

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

CRIB = os.environ.get("CRIB", "target/debug/crib")
AXE = os.environ.get("AXE")
SHOTS = pathlib.Path(os.environ.get("SCREENSHOTS", "target/screenshots"))
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
# The server's data directory ($XDG_DATA_HOME), where the games are kept.
DATA = {}


@pytest.fixture(scope="module")
def server():
    data = tempfile.mkdtemp(prefix="crib-browser-")
    env = dict(os.environ, XDG_DATA_HOME=data, XDG_CACHE_HOME=os.path.join(data, "cache"))
    proc = subprocess.Popen(
        [CRIB, "serve", "--port", "0", "--json"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    first = json.loads(proc.stdout.readline())
    DATA["dir"] = data
    yield first["url"]
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture(params=list(SIZES))
def browser(request):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(arg)
    width, height = SIZES[request.param]
    options.add_argument(f"--window-size={width},{height}")
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_window_size(width, height)
    driver.size_name = request.param
    yield driver
    driver.quit()


def shot(driver, name):
    """A screenshot, kept; the page must not be wider than the window."""
    wider = driver.execute_script("return document.documentElement.scrollWidth > window.innerWidth")
    assert not wider, f"{name}: the page is wider than the window"
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / f"{name}-{driver.size_name}.png"))


def wait(driver, condition, seconds=60):
    return WebDriverWait(driver, seconds, poll_frequency=0.05).until(condition)


def accessible(driver):
    """axe-core over the page as it is: no serious or critical violation."""
    if not AXE:
        pytest.fail("AXE names axe.min.js (npm install axe-core)")
    driver.execute_script(pathlib.Path(AXE).read_text())
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations));"
    )
    bad = [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in result
        if v["impact"] in ("serious", "critical")
    ]
    assert not bad, bad


def prompt(driver):
    return driver.find_element(By.ID, "prompt").text


def play_a_game(driver, url, keys):
    """A game of 61 against crib's expert, to the end: by keys alone, or by clicks."""
    driver.get(url)
    form = driver.find_element(By.ID, "new-game")
    Select(form.find_element(By.NAME, "game")).select_by_visible_text("61")
    Select(form.find_element(By.NAME, "opponent")).select_by_visible_text("expert")
    if keys:
        # Tab from the first field to the button, and press Enter, as a keyboard user does.
        form.find_element(By.NAME, "players").send_keys("")
        for _ in range(6):
            active = driver.switch_to.active_element
            if active.get_attribute("type") == "submit":
                break
            active.send_keys(Keys.TAB)
        driver.switch_to.active_element.send_keys(Keys.ENTER)
    else:
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    finish_game(driver, keys)


def finish_game(driver, keys):
    """Answer every question of the game on the page to its end: by keys alone, or by clicks."""
    body = driver.find_element(By.TAG_NAME, "body")
    shown = set()
    for _ in range(400):
        wait(driver, lambda d: prompt(d) != "")
        text = prompt(driver)
        if "over" in text:
            break
        hand = driver.find_elements(By.CSS_SELECTOR, "#hand .card")
        if text.startswith("Throw"):
            if "throw" not in shown:
                shot(driver, "play-throw")
                shown.add("throw")
            size = 1 if "one card" in text else 2
            if keys:
                body.send_keys(*[str(i + 1) for i in range(size)])
                body.send_keys(Keys.ENTER)
            else:
                for i in range(size):
                    driver.find_elements(By.CSS_SELECTOR, "#hand .card")[i].click()
                driver.find_element(By.ID, "act-submit").click()
        elif "Count it" in text or "count" in text.lower() and not hand:
            box = driver.find_element(By.ID, "count-input")
            box.send_keys("0", Keys.ENTER)
        else:
            legal = [i for i, c in enumerate(hand) if c.is_enabled()]
            if "play" not in shown and len(legal) > 1:
                body.send_keys("?") if keys else driver.find_element(By.ID, "act-advice").click()
                wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#advice table"))
                shot(driver, "play-advice")
                shown.add("play")
                continue
            if keys:
                body.send_keys(str(legal[0] + 1))
            else:
                hand[legal[0]].click()
        wait(driver, lambda d: prompt(d) != text or "over" in prompt(d), 60)
    assert "over" in prompt(driver), prompt(driver)
    shot(driver, "play-over")


def test_a_whole_game_by_clicks(server, browser):
    play_a_game(browser, server, keys=False)
    accessible(browser)


def test_a_whole_game_by_keys_alone(server, browser):
    play_a_game(browser, server, keys=True)


def test_a_game_from_the_terminal_carried_on(server, browser):
    games = pathlib.Path(DATA["dir"], "crib", "games")
    games.mkdir(parents=True, exist_ok=True)
    log = games / f"terminal-{browser.size_name}.jsonl"
    env = dict(os.environ, XDG_DATA_HOME=DATA["dir"])
    subprocess.run(
        [CRIB, "game", "--game", "61", "--opponent", "expert", "--seed", "7", "--log", str(log)],
        input="best\n" * 6 + "quit\n",
        text=True,
        env=env,
        capture_output=True,
        check=True,
    )
    deals = len(log.read_text().splitlines())
    browser.get(server)
    buttons = wait(browser, lambda d: [b for b in d.find_elements(By.CSS_SELECTOR, "#carry-on button") if log.name in b.text])
    buttons[0].click()
    wait(browser, lambda d: prompt(d) != "")
    assert f"deal {deals + 1}:" in browser.find_element(By.ID, "table-line").text
    finish_game(browser, keys=False)
    assert len(log.read_text().splitlines()) > deals


def test_a_review_stepped_through(server, browser):
    play_a_game(browser, server, keys=False)
    browser.find_element(By.CSS_SELECTOR, 'nav [data-page="review"]').click()
    first = wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#review-list button"))
    first[0].click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#review-deal h3"), 120)
    header = browser.find_element(By.CSS_SELECTOR, "#review-deal h3").text
    assert "deal 1 " in header, header
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    body.send_keys(Keys.ARROW_RIGHT)
    assert "deal 3 " in browser.find_element(By.CSS_SELECTOR, "#review-deal h3").text
    body.send_keys(Keys.ARROW_LEFT)
    assert "deal 2 " in browser.find_element(By.CSS_SELECTOR, "#review-deal h3").text
    # The decision's ranked table, as crib discard or crib play gives it.
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#review-table table"), 120)
    points = browser.find_elements(By.CSS_SELECTOR, "#review-chart circle")
    points[0].click()
    assert "deal 1 " in browser.find_element(By.CSS_SELECTOR, "#review-deal h3").text
    browser.execute_script("document.getElementById('review-chart').scrollIntoView()")
    shot(browser, "review")
    accessible(browser)
    # The history: what crib stats --logs reports, with its chart.
    browser.find_element(By.CSS_SELECTOR, 'nav [data-page="history"]').click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#history-body table"), 120)
    assert "games, won" in browser.find_element(By.ID, "history-body").text
    shot(browser, "history")
    accessible(browser)


def test_a_drill_answered(server, browser):
    browser.get(server)
    browser.find_element(By.CSS_SELECTOR, 'nav [data-page="practice"]').click()
    form = browser.find_element(By.ID, "new-drill")
    Select(form.find_element(By.NAME, "drill")).select_by_value("count")
    rounds = form.find_element(By.NAME, "rounds")
    rounds.clear()
    rounds.send_keys("2")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(browser, lambda d: "Count it" in d.find_element(By.ID, "drill-prompt").text)
    shot(browser, "drill-question")
    for answer in ("4", "best"):
        before = browser.find_element(By.ID, "drill-log").text
        box = browser.find_element(By.ID, "drill-input")
        box.send_keys(answer, Keys.ENTER)
        wait(browser, lambda d: d.find_element(By.ID, "drill-log").text != before)
        time.sleep(0.1)
    wait(browser, lambda d: "over" in d.find_element(By.ID, "drill-prompt").text)
    assert "Done: " in browser.find_element(By.ID, "drill-log").text
    shot(browser, "drill-answered")
    accessible(browser)
