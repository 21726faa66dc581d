"""What the browser tests do again and again: log in, wait for an autosave, measure the page.

Checks made right after a click use Playwright's `expect`, which retries until the page
shows what is asserted or the timeout passes; a bare `is_visible()` reads the page once and
can run before the navigation the click started has finished."""

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.factories import DEFAULT_PASSWORD

PHONE_WIDTH = 375
WIDTHS = (1280, PHONE_WIDTH)
AXE = Axe()


def log_in(page, base_url, email="ana@example.com", next_url="/"):
    """Log in from a clean session (the login form's field names, so in any language) and
    wait until the browser is on `next_url`."""
    page.context.clear_cookies()
    page.goto(f"{base_url}/accounts/login/?next={next_url}")
    page.locator("input[name=username]").fill(email)
    page.locator("input[name=password]").fill(DEFAULT_PASSWORD)
    page.locator("input[name=password]").press("Enter")
    page.wait_for_url(f"{base_url}{next_url}")


def wait_until_saved(field):
    """Wait until the answer holding `field` (a locator inside its question) has saved its
    latest change: the exam script marks each question's fieldset pending, saving, then
    saved. The page-wide "Saved at" line can still show an earlier answer's save, so it is
    not what to wait on. (A locator, not wait_for_function: that evaluates a string, which
    the CSP forbids.)"""
    question = field.locator("xpath=ancestor::fieldset[@data-position][1]")
    expect(question).to_have_attribute("data-save-state", "saved")


def fits_a_phone(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH


def problems_on(page, name: str) -> list[str]:
    """Serious or critical axe violations and horizontal overflow, at each width."""
    found = []
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 800})
        overflow = page.evaluate("document.documentElement.scrollWidth")
        if overflow > width:
            found.append(f"{name} @{width}px: page is {overflow}px wide")
        results = AXE.run(page)
        for violation in results.response["violations"]:
            if violation["impact"] in ("serious", "critical"):
                targets = [node["target"] for node in violation["nodes"]][:3]
                found.append(f"{name} @{width}px: {violation['id']} {targets}")
    return found


def start_exam(page, label="Start the exam", *, keyboard=False):
    """From the exam list or Home: follow "Start the exam" to the start page, press its
    button (the POST that starts the clock) and wait for the attempt page. `label` is the
    link's and the button's text in the page's language; `keyboard` works both by focus
    and Enter instead of clicks."""
    link = page.get_by_role("link", name=label, exact=True).first
    if keyboard:
        link.focus()
        page.keyboard.press("Enter")
    else:
        link.click()
    page.wait_for_url("**/start")
    button = page.get_by_role("button", name=label, exact=True)
    if keyboard:
        button.focus()
        page.keyboard.press("Enter")
    else:
        button.click()
    page.wait_for_url("**/exams/attempts/*/")
