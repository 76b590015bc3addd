#!/usr/bin/env python3
"""Drives `formctl serve`'s HTML form in a real browser (headless Chromium through Selenium).

  Scripts/e2e-browser.py [path/to/formctl]     (default .build/debug/formctl)

Starts `formctl serve forms --db TMP/db.sqlite --port 0` from the repository root, reads the
port from its `listening on` line, then on /forms/signup: fills name, a wrong email and the
passwords, chooses the Team plan and waits for company and seats to appear (form.js asks
/state and drops `hidden`), fills them and submits; expects the error beside the email
(#error-email shown, the input aria-invalid and described by it) and the other answers still
filled in, the passwords not; fixes the email, types the passwords again and submits; expects
`Saved submission 1`. Then, on a fresh page, types a name and an email and presses Save draft:
expects the redirect to the draft's own page (/forms/signup/drafts/2?resume=TOKEN) with its
notice and the values typed, types the passwords there and submits: `Saved submission 2`. Then
checks the stored rows with `formctl dump` and that the password is nowhere in the database files.
On a second server (a bug-report form with an image field), attaches a PNG through the page's
file input and submits; expects the same bytes from GET /submissions/1/files/screenshot and from
`formctl dump --files`. Then, with a browser whose languages are German (Accept-Language
de-DE, de), on forms/feedback.json: the page is German (<html lang="de" dir="ltr">, the form's
own button title), a one-character name is refused with the German error beside the field and
the summary counting one answer in the singular, then, with the email wrong too, two in the
plural; the Arabic page (?lang=ar) is dir="rtl". Screenshots (the error state, the filled form
before the final submit, the German page with its error, the Arabic page, and the page at any
failure) go to $FORMCTL_BROWSER_OUT (default .build/e2e-browser/).

Installs what it lacks: chromium and chromium-driver (apt), selenium (pip). Prints ok/FAIL
lines; exits 1 when a check fails, 2 when it cannot run. Always stops the browser and the
server (SIGTERM, and checks the server exits 0).
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CHROMEDRIVER = "/usr/bin/chromedriver"

NAME = "Grace Hopper"
BAD_EMAIL = "not-an-email"
GOOD_EMAIL = "grace@example.com"
PASSWORD = "Tr0ub4dor-e2e-Zq7x"  # distinctive, so a search of the database file means something
COMPANY = "Hopper Computing"
SEATS = "12"
DRAFT_NAME = "Ada Lovelace"
DRAFT_EMAIL = "ada@example.com"


def log(message):
    print(message, flush=True)


def on_found(find, act, what):
    """Finds an element and acts on it, finding it again when chromedriver has lost it.

    chromedriver now and then loses a node it has just found on a page that has finished
    loading ("Node with given id does not belong to the document"), in clicks and typing alike;
    the node is found again and the action done again, at most twice, and said in the log. The
    error comes before the action reaches the page, so nothing is clicked or typed twice."""
    from selenium.common.exceptions import WebDriverException
    for attempt in range(3):
        try:
            return act(find())
        except WebDriverException as error:
            if attempt == 2 or "does not belong to the document" not in str(error):
                raise
            log(f"     {what} again: chromedriver lost the node it had found")
            time.sleep(0.2)


def lost_node(error):
    """Whether chromedriver lost a node it had just found (see `on_found`)."""
    return "does not belong to the document" in str(error)


def riding_lost_nodes(condition, lost_means=False):
    """A wait's condition that does not fail the step when chromedriver loses a node while it
    looks (in `element_to_be_clickable`, say): the condition counts as `lost_means`, by
    default not met yet, so it is asked again at the next poll."""
    from selenium.common.exceptions import WebDriverException

    def check(driver):
        try:
            return condition(driver)
        except WebDriverException as error:
            if not lost_node(error):
                raise
            if not lost_means:
                log("     waiting again: chromedriver lost the node it had found")
            return lost_means
    return check


def gone(element):
    """`staleness_of`, for which a node chromedriver says is not in the document is gone."""
    from selenium.webdriver.support import expected_conditions as EC
    return riding_lost_nodes(EC.staleness_of(element), lost_means=True)

def click(driver, by, value):
    on_found(lambda: driver.find_element(by, value), lambda element: element.click(), f"clicking {value}")


def type_text(driver, by, value, text, clear=False):
    def act(element):
        if clear:
            element.clear()
        element.send_keys(text)
    on_found(lambda: driver.find_element(by, value), act, f"typing into {value}")


def run_quiet(command):
    """Runs an install command, showing its output only when it fails."""
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        sys.stdout.write(result.stdout)
    return result.returncode == 0


def ensure_tools():
    """Installs the browser, its driver and selenium when missing (idempotent, quiet)."""
    packages = []
    if not (shutil.which("chromium") or os.path.exists("/usr/lib/chromium/chromium")):
        packages.append("chromium")
    if not os.path.exists(CHROMEDRIVER):
        packages.append("chromium-driver")
    if packages:
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        env_prefix = ["env", "DEBIAN_FRONTEND=noninteractive"]
        if not (run_quiet(sudo + ["apt-get", "update", "-qq"])
                and run_quiet(sudo + env_prefix + ["apt-get", "install", "-y", "-qq", *packages])):
            log(f"FAIL - could not install {' '.join(packages)}")
            sys.exit(2)
    try:
        import selenium  # noqa: F401
    except ImportError:
        pip = [sys.executable, "-m", "pip", "install", "-q", "selenium"]
        if not (run_quiet(pip) or run_quiet(pip + ["--break-system-packages"])):
            log("FAIL - could not install selenium")
            sys.exit(2)


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def ok(self, name):
        self.passed += 1
        log(f"ok   - {name}")

    def fail(self, name, detail=""):
        self.failed += 1
        log(f"FAIL - {name}" + (f" ({detail})" if detail else ""))

    def check(self, condition, name, detail=""):
        (self.ok if condition else self.fail)(name, *([detail] if not condition else []))
        return condition


class Server:
    """`formctl serve` on a free port; its stderr is kept for the report."""

    def __init__(self, formctl, db, forms="forms", extra=()):
        self.lines = []
        self.process = subprocess.Popen(
            [formctl, "serve", forms, "--db", db, "--host", "127.0.0.1", "--port", "0", *extra],
            cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            text=True, errors="replace")
        self.port = None
        found = threading.Event()

        def drain():
            for line in self.process.stderr:
                self.lines.append(line.rstrip("\n"))
                match = re.fullmatch(r"formctl serve: listening on http://127\.0\.0\.1:(\d+)", line.strip())
                if match and self.port is None:
                    self.port = int(match.group(1))
                    found.set()
            found.set()

        threading.Thread(target=drain, daemon=True).start()
        found.wait(60)
        if self.port is None:
            self.stop()
            raise RuntimeError("the server did not print `formctl serve: listening on "
                               "http://127.0.0.1:PORT` within 60 s; its stderr:\n" + "\n".join(self.lines))

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def stop(self):
        """SIGTERM, then the exit code (None if it had to be killed)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                return None
        return self.process.returncode


# A bug report with a screenshot: the page's file input, in a forms directory of its own.
ATTACH_FORM = {
    "title": "Bug report",
    "sections": [{"elements": [
        {"type": "entry", "key": "summary", "title": "Summary", "required": True},
        {"type": "image", "key": "screenshot", "title": "Screenshot", "accept": ["image/png"], "required": True},
    ]}],
}
# A 2x1 PNG, distinct enough that finding its SHA-256 again means the bytes made the trip.
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000002000000010806000000f4227f8a"
    "0000000e49444154789c63f8cfc00042ff010ff903fd851199760000000049454e44ae426082")


def chrome_options(work, profile, languages=None):
    """Headless Chromium's options; `languages` (de-DE,de) is what it sends as Accept-Language."""
    from selenium import webdriver
    options = webdriver.ChromeOptions()
    # Debian's /usr/bin/chromium is a shell launcher; the real binary is beside the driver's.
    if os.path.exists("/usr/lib/chromium/chromium"):
        options.binary_location = "/usr/lib/chromium/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1280,1800", "--no-first-run", "--no-default-browser-check",
                     f"--user-data-dir={os.path.join(work, profile)}"):
        options.add_argument(argument)
    if languages:
        options.add_argument("--lang=" + languages.split(",")[0])
        options.add_experimental_option("prefs", {"intl.accept_languages": languages})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return options


# What the library says in German of a name one character long where three are needed (the
# messages' German catalogue), and the page's own summary for one and for two answers.
GERMAN_SHORT_NAME = "muss mindestens 3 Zeichen lang sein (hat 1)"
GERMAN_SUMMARY_ONE = "Bitte korrigieren Sie 1 Angabe, unten markiert."
GERMAN_SUMMARY_TWO = "Bitte korrigieren Sie 2 Angaben, unten markiert."


def german_and_arabic(formctl, work, checks, out_dir):
    """8. forms/feedback.json in a German browser: the German page, the German error beside
    its field with the summary's singular and plural; and the Arabic page right to left."""
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import WebDriverWait

    server = Server(formctl, os.path.join(work, "languages.sqlite"))
    driver = None
    try:
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER, log_output=os.path.join(work, "chromedriver-de.log")),
                                  options=chrome_options(work, "profile-de", "de-DE,de"))
        driver.set_page_load_timeout(30)
        wait = WebDriverWait(driver, 10)

        def shot(name):
            path = os.path.join(out_dir, name)
            driver.save_screenshot(path)
            log(f"     screenshot {path}")

        def field(path):
            return driver.find_element(By.ID, "field-" + path.replace(".", "-"))

        def press(selector):
            """Clicks the button at `selector` and waits for the whole page the server answers with."""
            wait.until(riding_lost_nodes(lambda _: driver.execute_script("return document.readyState") == "complete"))
            old = driver.find_element(By.TAG_NAME, "html")
            wait.until(riding_lost_nodes(EC.element_to_be_clickable((By.CSS_SELECTOR, selector))))
            click(driver, By.CSS_SELECTOR, selector)
            wait.until(gone(old))
            wait.until(riding_lost_nodes(lambda _: driver.execute_script("return document.readyState") == "complete"))
            wait.until(riding_lost_nodes(EC.presence_of_element_located((By.ID, "form"))))

        def submit():
            press("#submit")

        driver.get(server.url + "/forms/feedback")
        html = driver.find_element(By.TAG_NAME, "html")
        checks.check(html.get_attribute("lang") == "de" and html.get_attribute("dir") == "ltr",
                     "a German browser gets <html lang=de dir=ltr>",
                     f"lang={html.get_attribute('lang')!r} dir={html.get_attribute('dir')!r}")
        button = driver.find_element(By.ID, "submit").text
        checks.check(button == "Feedback senden", "the submit button shows the form's German button title", repr(button))
        # Two talks at least: the repeat's German add button, pressed twice (the page comes back each time).
        add = driver.find_element(By.CSS_SELECTOR, "button.add").text
        checks.check(add == "Vortrag hinzufügen", "the repeat's add button has the form's German addTitle", repr(add))
        # The form needs two talks: the page opens with two, and a third brings remove buttons.
        checks.check(len(driver.find_elements(By.CSS_SELECTOR, 'input[name^="talks."]')) == 2,
                     "the page opens with the two talks the form needs")
        press("button.add")
        remove = driver.find_element(By.CSS_SELECTOR, "button.remove").text
        checks.check(remove == "Eintrag 1 entfernen", "the remove button is the page's German words", repr(remove))
        press('button.remove[value="remove:talks.2"]')
        type_text(driver, By.ID, "field-name", "A")
        type_text(driver, By.ID, "field-email", "erika@example.com")
        click(driver, By.CSS_SELECTOR, 'input[type="radio"][name="attended"][value="online"]')
        type_text(driver, By.ID, "field-talks-0-title", "Eröffnung")
        type_text(driver, By.ID, "field-talks-1-title", "Swift unter Linux")
        click(driver, By.ID, "field-consent")
        submit()
        errors = driver.find_elements(By.ID, "error-name")
        text = errors[0].text if errors else ""
        checks.check(text == GERMAN_SHORT_NAME and field("name").get_attribute("aria-describedby") == "error-name",
                     "a one-character name shows the German error beside its field", repr(text))
        summary = driver.find_element(By.CSS_SELECTOR, ".summary").text
        checks.check(summary == GERMAN_SUMMARY_ONE, "the summary counts one answer in the singular", repr(summary))
        shot("feedback-de-error.png")
        others = [e.get_attribute("id") for e in driver.find_elements(By.CSS_SELECTOR, "p.error") if e.get_attribute("id") != "error-name"]
        checks.check(not others, "no other German field has an error", f"also {others}")
        # Both wrong: the plural. The page kept the other answers, so only these change.
        type_text(driver, By.ID, "field-email", "erika", clear=True)
        submit()
        summary = driver.find_element(By.CSS_SELECTOR, ".summary").text
        checks.check(summary == GERMAN_SUMMARY_TWO, "with the email wrong too, the summary counts two answers in the plural",
                     repr(summary))

        driver.get(server.url + "/forms/feedback?lang=ar")
        html = driver.find_element(By.TAG_NAME, "html")
        checks.check(html.get_attribute("lang") == "ar" and html.get_attribute("dir") == "rtl",
                     "?lang=ar over the German browser's languages gives <html lang=ar dir=rtl>",
                     f"lang={html.get_attribute('lang')!r} dir={html.get_attribute('dir')!r}")
        # Right to left as the browser lays it out: the name's label starts at the right.
        direction = driver.execute_script("return getComputedStyle(document.getElementById('field-name')).direction")
        checks.check(direction == "rtl", "the Arabic page's fields are laid out right to left", repr(direction))
        shot("feedback-ar.png")
    except WebDriverException as error:
        if driver is not None:
            driver.save_screenshot(os.path.join(out_dir, "languages-failure.png"))
        checks.fail("the German and Arabic pages", f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")
    finally:
        if driver is not None:
            driver.quit()
        code = server.stop()
        checks.check(code == 0, "the languages' server stops with exit 0 on SIGTERM", f"exit {code}")


def attach_png(formctl, work, driver, wait, checks, shot):
    """7. Chromium attaches a PNG through the page's file input; the server stores it, and the
    files endpoint (and `formctl dump --files`) give back the same bytes."""
    import hashlib
    import urllib.request
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC

    forms = os.path.join(work, "attach-forms")
    os.makedirs(forms)
    with open(os.path.join(forms, "bugs.json"), "w") as file:
        json.dump(ATTACH_FORM, file)
    png = os.path.join(work, "screen shot.png")
    with open(png, "wb") as file:
        file.write(PNG)
    token = "browser-test-token-0123456789"
    with open(os.path.join(work, "token"), "w") as file:
        file.write(token + "\n")
    os.chmod(os.path.join(work, "token"), 0o600)
    db = os.path.join(work, "attach.sqlite")
    server = Server(formctl, db, forms, ["--token-file", os.path.join(work, "token")])
    try:
        driver.get(server.url + "/forms/bugs")
        form = driver.find_element(By.ID, "form")
        checks.check(form.get_attribute("enctype") == "multipart/form-data", "a form with an image field posts multipart/form-data",
                     f"enctype={form.get_attribute('enctype')!r}")
        chooser = driver.find_element(By.ID, "field-screenshot")
        checks.check(chooser.get_attribute("type") == "file" and chooser.get_attribute("accept") == "image/png",
                     "the image field is <input type=file accept=image/png>",
                     f"type={chooser.get_attribute('type')!r} accept={chooser.get_attribute('accept')!r}")
        type_text(driver, By.ID, "field-summary", "The button is blue")
        type_text(driver, By.ID, "field-screenshot", png)
        old = driver.find_element(By.TAG_NAME, "html")
        click(driver, By.ID, "submit")
        try:
            wait.until(gone(old))
            wait.until(riding_lost_nodes(EC.presence_of_element_located((By.ID, "result"))))
        except TimeoutException:
            left = [e.get_attribute("id") + ": " + e.text for e in driver.find_elements(By.CSS_SELECTOR, "p.error")]
            shot("attach-failure.png")
            checks.fail("the page with a PNG attached is saved (#result appears)", f"errors on the page: {left}")
            return
        result = driver.find_element(By.ID, "result").text
        checks.check("Saved submission 1" in result, "the page with a PNG attached says Saved submission 1", repr(result))
        request = urllib.request.Request(server.url + "/submissions/1/files/screenshot", headers={"Authorization": "Bearer " + token})
        with urllib.request.urlopen(request, timeout=10) as response:
            body = response.read()
            kind = response.headers.get("Content-Type")
        checks.check(hashlib.sha256(body).hexdigest() == hashlib.sha256(PNG).hexdigest() and kind == "image/png",
                     "GET /submissions/1/files/screenshot gives back the PNG's bytes, as image/png",
                     f"{len(body)} bytes of {kind}")
        usage = subprocess.run([formctl, "dump", "--help"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout
        if "--files" not in usage:
            log("skip - formctl dump has no --files option in this build")
            return
        files = os.path.join(work, "dumped")
        dump = subprocess.run([formctl, "dump", "--format", "json", "--files", files, "--db", db],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        found = []
        for folder, _, names in os.walk(files):
            for name in names:
                with open(os.path.join(folder, name), "rb") as file:
                    found.append(hashlib.sha256(file.read()).hexdigest())
        checks.check(dump.returncode == 0 and found == [hashlib.sha256(PNG).hexdigest()],
                     "formctl dump --files writes the PNG with the same bytes",
                     f"exit {dump.returncode} {dump.stderr.strip()[:200]}; files {found}")
    finally:
        server.stop()


def main():
    original = os.getcwd()
    formctl = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/formctl")
    formctl = os.path.abspath(os.path.join(original, formctl))
    if not os.access(formctl, os.X_OK):
        log(f"formctl not built at {formctl} (run swift build first)")
        return 2
    out_dir = os.path.abspath(os.path.join(original, os.environ.get("FORMCTL_BROWSER_OUT",
                                                                  os.path.join(ROOT, ".build/e2e-browser"))))
    os.makedirs(out_dir, exist_ok=True)
    for stale in ("signup-error.png", "signup-filled.png", "feedback-de-error.png", "feedback-ar.png", "languages-failure.png",
                  "failure.png", "failure.html"):
        if os.path.exists(os.path.join(out_dir, stale)):
            os.remove(os.path.join(out_dir, stale))
    os.chdir(ROOT)

    ensure_tools()
    from selenium import webdriver
    from selenium.common.exceptions import TimeoutException, WebDriverException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import WebDriverWait

    checks = Checks()
    work = tempfile.mkdtemp(prefix="formctl-e2e-browser.")
    db = os.path.join(work, "db.sqlite")
    server = started = None
    driver = None
    try:
        try:
            server = started = Server(formctl, db)
        except RuntimeError as error:
            checks.fail("the server starts", str(error))
            return 1
        checks.ok(f"the server listens on {server.url}")

        options = chrome_options(work, "profile")
        # An explicit driver path: Selenium Manager would otherwise try to download one.
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER, log_output=os.path.join(work, "chromedriver.log")),
                                  options=options)
        driver.set_page_load_timeout(30)
        wait = WebDriverWait(driver, 10)

        def shot(name):
            path = os.path.join(out_dir, name)
            driver.save_screenshot(path)
            log(f"     screenshot {path}")

        def field(path):
            return driver.find_element(By.ID, "field-" + path.replace(".", "-"))

        def field_div(path):
            return driver.find_element(By.CSS_SELECTOR, f'div.field[data-path="{path}"]')

        def shown(path):
            try:
                div = field_div(path)
                return div.get_attribute("hidden") is None and div.is_displayed()
            except WebDriverException:
                return False

        def type_into(path, text):
            type_text(driver, By.ID, "field-" + path.replace(".", "-"), text, clear=True)

        def submit_and_wait(locator):
            """Clicks #submit and waits for the next page to show `locator`."""
            old = driver.find_element(By.TAG_NAME, "html")
            click(driver, By.ID, "submit")
            wait.until(gone(old))
            wait.until(riding_lost_nodes(EC.presence_of_element_located(locator)))

        def fill_team_form(email):
            type_into("name", NAME)
            type_into("email", email)
            type_into("password", PASSWORD)
            type_into("passwordConfirmation", PASSWORD)
            click(driver, By.CSS_SELECTOR, 'input[type="radio"][name="plan"][value="team"]')

        class Failed(Exception):
            pass

        def require(condition, name, detail=""):
            if not checks.check(condition, name, detail):
                raise Failed(name)

        try:
            # 1. The page.
            driver.get(server.url + "/forms/signup")
            require(len(driver.find_elements(By.CSS_SELECTOR, 'form#form[method="post"]')) == 1,
                    "GET /forms/signup in a browser shows <form id=form method=post>")
            action = driver.find_element(By.ID, "form").get_attribute("action") or ""
            require(action.endswith("/forms/signup/submissions"), "the form posts to /forms/signup/submissions",
                    f"action={action}")
            for path in ("name", "email", "password", "passwordConfirmation"):
                element = field(path)
                require(element.get_attribute("name") == path and
                        len(driver.find_elements(By.CSS_SELECTOR, f'label[for="field-{path}"]')) == 1,
                        f"field {path} has name={path} and a label for field-{path}")
            for path in ("company", "seats"):
                require(not shown(path), f"{path} is hidden while the plan is not Team")

            # 2. A wrong email, the Team plan, company and seats once they appear.
            fill_team_form(BAD_EMAIL)
            try:
                wait.until(riding_lost_nodes(lambda _: shown("company") and shown("seats")))
                checks.ok("choosing Team shows company and seats (their divs lose hidden)")
            except TimeoutException:
                require(False, "choosing Team shows company and seats (their divs lose hidden)",
                        f"company hidden={field_div('company').get_attribute('hidden')!r}, "
                        f"seats hidden={field_div('seats').get_attribute('hidden')!r} after 10 s")
            type_into("company", COMPANY)
            type_into("seats", SEATS)
            submit_and_wait((By.ID, "form"))

            # 3. The form again, with the error beside the email.
            errors = driver.find_elements(By.ID, "error-email")
            require(len(errors) == 1 and errors[0].is_displayed() and errors[0].text.strip() != "",
                    "a wrong email shows #error-email beside the field",
                    "no #error-email" if not errors else f"displayed={errors[0].is_displayed()} text={errors[0].text!r}")
            checks.check(errors[0].tag_name == "p" and "error" in (errors[0].get_attribute("class") or "").split(),
                         "the error is <p class=error>")
            checks.check(len(field_div("email").find_elements(By.ID, "error-email")) == 1,
                         "the error is inside the email field's div")
            email = field("email")
            checks.check(email.get_attribute("aria-invalid") == "true", "the email input has aria-invalid=true",
                         f"aria-invalid={email.get_attribute('aria-invalid')!r}")
            checks.check(email.get_attribute("aria-describedby") == "error-email",
                         "the email input is aria-describedby=error-email",
                         f"aria-describedby={email.get_attribute('aria-describedby')!r}")
            shot("signup-error.png")
            others = [e.get_attribute("id") for e in driver.find_elements(By.CSS_SELECTOR, "p.error")
                      if e.get_attribute("id") != "error-email"]
            checks.check(not others, "no other field has an error", f"also {others}")

            # 4. What was typed is still there, except the passwords.
            checks.check(field("name").get_attribute("value") == NAME, "the re-rendered page keeps the name",
                         f"{field('name').get_attribute('value')!r}")
            checks.check(field("email").get_attribute("value") == BAD_EMAIL, "the re-rendered page keeps the wrong email",
                         f"{field('email').get_attribute('value')!r}")
            team = driver.find_element(By.CSS_SELECTOR, 'input[type="radio"][name="plan"][value="team"]')
            checks.check(team.is_selected(), "the re-rendered page keeps plan Team")
            checks.check(shown("company") and shown("seats"), "company and seats are shown on the re-rendered page")
            checks.check(field("company").get_attribute("value") == COMPANY, "the re-rendered page keeps the company",
                         f"{field('company').get_attribute('value')!r}")
            seats = field("seats").get_attribute("value") or ""
            checks.check(re.fullmatch(r"12(\.0*)?", seats) is not None, "the re-rendered page keeps the seats",
                         f"{seats!r}")
            for path in ("password", "passwordConfirmation"):
                value = field(path).get_attribute("value")
                checks.check(value == "", f"the re-rendered page does not send {path} back", f"value={value!r}")
            require(PASSWORD not in driver.page_source, "the password is nowhere in the re-rendered page's HTML")

            # 5. Fixed, the passwords typed again, submitted.
            type_into("email", GOOD_EMAIL)
            type_into("password", PASSWORD)
            type_into("passwordConfirmation", PASSWORD)
            if not team.is_selected():
                click(driver, By.CSS_SELECTOR, 'input[type="radio"][name="plan"][value="team"]')
                wait.until(riding_lost_nodes(lambda _: shown("company") and shown("seats")))
                type_into("company", COMPANY)
                type_into("seats", SEATS)
            shot("signup-filled.png")
            try:
                submit_and_wait((By.ID, "result"))
            except TimeoutException:
                left = [e.get_attribute("id") + ": " + e.text for e in driver.find_elements(By.CSS_SELECTOR, "p.error")]
                require(False, "the corrected form is saved (#result appears)", f"errors on the page: {left}")
            result = driver.find_element(By.ID, "result").text
            require("Saved submission 1" in result, "#result says Saved submission 1", f"#result={result!r}")
            checks.check(PASSWORD not in driver.page_source, "the password is nowhere in the success page")

            # 5b. Save draft on a fresh page, back on the draft's own page, finalized there.
            driver.get(server.url + "/forms/signup")
            type_into("name", DRAFT_NAME)
            type_into("email", DRAFT_EMAIL)
            click(driver, By.CSS_SELECTOR, 'input[type="radio"][name="plan"][value="free"]')
            old = driver.find_element(By.TAG_NAME, "html")
            click(driver, By.ID, "save-draft")
            wait.until(gone(old))
            wait.until(riding_lost_nodes(EC.presence_of_element_located((By.ID, "draft-notice"))))
            require(re.fullmatch(r".*/forms/signup/drafts/2\?resume=[A-Za-z0-9_-]{43}", driver.current_url) is not None,
                    "Save draft redirects to the draft's page, its resume token in the URL", driver.current_url)
            notice = driver.find_element(By.ID, "draft-notice").text
            checks.check("Draft 2 saved; bookmark this page to come back" in notice, "the draft's page says it was saved",
                         repr(notice))
            checks.check(field("name").get_attribute("value") == DRAFT_NAME and
                         field("email").get_attribute("value") == DRAFT_EMAIL,
                         "the draft's page shows the values saved",
                         f"name={field('name').get_attribute('value')!r} email={field('email').get_attribute('value')!r}")
            action = driver.find_element(By.ID, "form").get_attribute("action") or ""
            require(action.endswith("/forms/signup/drafts/2"), "the draft's page posts back to the draft", f"action={action}")
            type_into("password", PASSWORD)
            type_into("passwordConfirmation", PASSWORD)
            try:
                submit_and_wait((By.ID, "result"))
            except TimeoutException:
                left = [e.get_attribute("id") + ": " + e.text for e in driver.find_elements(By.CSS_SELECTOR, "p.error")]
                require(False, "the draft is finalized from its page (#result appears)", f"errors on the page: {left}")
            result = driver.find_element(By.ID, "result").text
            require("Saved submission 2" in result, "#result says Saved submission 2 (the draft's id)", f"#result={result!r}")
        except Failed:
            pass
        except (WebDriverException, TimeoutException) as error:
            checks.fail("the browser steps", f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")
        finally:
            if checks.failed:
                try:
                    shot("failure.png")
                    with open(os.path.join(out_dir, "failure.html"), "w") as page:
                        page.write(driver.page_source)
                    log(f"     page source {os.path.join(out_dir, 'failure.html')}")
                except WebDriverException:
                    pass
            try:
                for entry in driver.get_log("browser"):
                    message = entry.get("message") or ""
                    # The 422 of the wrong email is expected; a missing favicon is not the form's.
                    if entry.get("level") == "SEVERE" and "favicon.ico" not in message \
                            and "status of 422" not in message:
                        log(f"     browser console: {message}")
            except WebDriverException:
                pass

        try:
            attach_png(formctl, work, driver, wait, checks, shot)
        except (WebDriverException, TimeoutException, RuntimeError, OSError) as error:
            checks.fail("the PNG attach steps", f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")
        try:
            german_and_arabic(formctl, work, checks, out_dir)
        except (WebDriverException, RuntimeError, OSError) as error:
            checks.fail("the German and Arabic steps", f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")
        try:
            proposal_page_and_watch(formctl, work, checks, out_dir)
        except (WebDriverException, TimeoutException, RuntimeError, OSError) as error:
            checks.fail("the proposal page and --watch steps", f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")

        # 6. The stored row, and no password in the database.
        if checks.failed == 0:
            dump = subprocess.run([formctl, "dump", "--format", "json", "--db", db],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            rows = []
            if checks.check(dump.returncode == 0, "formctl dump --format json reads the database",
                            f"exit {dump.returncode}: {dump.stderr.strip()}"):
                try:
                    rows = json.loads(dump.stdout)
                except ValueError as error:
                    checks.fail("formctl dump prints JSON", str(error))
            if checks.check(len(rows) == 2, "the database holds exactly two submissions", f"{len(rows)} rows"):
                draft = rows[1]
                checks.check(draft.get("id") == 2 and draft.get("status") == "final" and
                             (draft.get("data") or {}).get("name") == DRAFT_NAME,
                             "the draft saved from the page is now final, with its id and name",
                             f"id={draft.get('id')!r} status={draft.get('status')!r} data={draft.get('data')!r}")
                row = rows[0]
                data = row.get("data") or {}
                checks.check(row.get("form") == "signup" and row.get("status") == "final",
                             "the row is a final signup submission", f"form={row.get('form')!r} status={row.get('status')!r}")
                checks.check(data.get("name") == NAME, "the stored name", repr(data.get("name")))
                checks.check(data.get("email") == GOOD_EMAIL, "the stored email", repr(data.get("email")))
                checks.check(data.get("plan") == "team", "the stored plan is team", repr(data.get("plan")))
                checks.check(data.get("company") == COMPANY, "the stored company", repr(data.get("company")))
                checks.check(isinstance(data.get("seats"), (int, float)) and data.get("seats") == 12,
                             "the stored seats are the number 12", repr(data.get("seats")))
                checks.check("password" not in data and "passwordConfirmation" not in data,
                             "no password key is stored", f"keys {sorted(data)}")
        # After the server stops, so the WAL has been checkpointed or is still beside it: search all.
        code = server.stop()
        server = None
        checks.check(code == 0, "the server stops with exit 0 on SIGTERM", f"exit {code}")
        if os.path.exists(db):
            leaked = []
            for name in os.listdir(work):
                if name.startswith("db.sqlite"):
                    with open(os.path.join(work, name), "rb") as file:
                        content = file.read()
                    if PASSWORD.encode() in content:
                        leaked.append(name)
            checks.check(not leaked, "the password appears nowhere in the database files", f"found in {leaked}")
        else:
            checks.fail("the database file exists", db)
    finally:
        if driver is not None:
            try:
                driver.quit()
            except Exception:  # noqa: BLE001 - quitting a broken session
                pass
        if server is not None:
            server.stop()
        if checks.failed and started is not None and started.lines:
            log("---- server stderr ----\n" + "\n".join(started.lines[-40:]))
        shutil.rmtree(work, ignore_errors=True)

    log(f"{checks.passed} passed, {checks.failed} failed")
    return 1 if checks.failed else 0


# ---- page-watch: the page of a form a new user writes, and serve --watch ----

# A talk proposal: two repeats needing two items each, a select section, and a Send button
# beside a Save for later one.
PROPOSAL_FORM = {
    "title": "Talk proposal",
    "sections": [
        {"title": "Speaker", "elements": [{"type": "entry", "key": "name", "title": "Name", "required": True}]},
        {"title": "Co-speakers", "bind": "iterate:cospeakers", "minimumItems": 2, "addTitle": "Add a co-speaker",
         "elementTemplate": {"type": "entry", "key": "email", "bind": "textValue:email", "title": "Email", "required": True}},
        {"title": "Outline", "bind": "iterate:outline", "minimumItems": 2,
         "elementTemplate": {"type": "entry", "key": "point", "bind": "textValue:point", "title": "Point"}},
        {"type": "QSelectSection", "key": "track", "title": "Track", "items": ["Swift", "Linux"], "values": ["swift", "linux"]},
        {"elements": [
            {"type": "button", "key": "send", "title": "Send proposal", "controllerAction": "submit"},
            {"type": "button", "key": "later", "title": "Save for later", "controllerAction": "saveDraft"}]},
    ],
}


def proposal_page_and_watch(formctl, work, checks, out_dir):
    """9. The proposal's page in Chromium: its own button title, the select section titled once,
    the repeats open with their two items; served with --watch, an edit made while the page is
    open (three outline points needed) is served within 2 s, the page's post is refused at the
    Outline fieldset, and a broken edit leaves the page as it was."""
    import time
    import urllib.request
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import WebDriverWait

    forms = os.path.join(work, "proposal-forms")
    os.makedirs(forms)
    definition = os.path.join(forms, "proposal.json")
    with open(definition, "w") as file:
        json.dump(PROPOSAL_FORM, file, indent=2)
    server = Server(formctl, os.path.join(work, "proposal.sqlite"), forms=forms, extra=("--watch",))
    driver = None
    try:
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER, log_output=os.path.join(work, "chromedriver-proposal.log")),
                                  options=chrome_options(work, "profile-proposal"))
        driver.set_page_load_timeout(30)
        wait = WebDriverWait(driver, 10)
        driver.get(server.url + "/forms/proposal")
        button = driver.find_element(By.ID, "submit").text
        checks.check(button == "Send proposal", "the submit button has the form's button title beside a Save for later", repr(button))
        legends = [e.text for e in driver.find_elements(By.TAG_NAME, "legend") if e.text.startswith("Track")]
        checks.check(len(legends) == 1, "the select section's title is one legend", repr(legends))
        for repeat in ("cospeakers", "outline"):
            count = len(driver.find_elements(By.CSS_SELECTOR, f'input[name^="{repeat}."]'))
            checks.check(count == 2, f"the {repeat} repeat opens with its minimumItems of 2", f"{count} inputs")
        type_text(driver, By.ID, "field-name", "Ann")
        type_text(driver, By.ID, "field-cospeakers-0-email", "bo@example.com")
        type_text(driver, By.ID, "field-cospeakers-1-email", "cy@example.com")
        type_text(driver, By.ID, "field-outline-0-point", "Why")
        type_text(driver, By.ID, "field-outline-1-point", "How")
        click(driver, By.ID, "field-track-1")

        # Edited while the page is open: a new title, and three outline points needed.
        PROPOSAL_FORM["title"] = "Talk proposal 2026"
        PROPOSAL_FORM["sections"][2]["minimumItems"] = 3
        with open(definition, "w") as file:
            json.dump(PROPOSAL_FORM, file, indent=2)
        written = time.monotonic()
        listed = []
        while time.monotonic() - written < 2:
            with urllib.request.urlopen(server.url + "/forms") as reply:
                listed = json.load(reply)
            if listed and listed[0].get("version") == 2:
                break
            time.sleep(0.05)
        checks.check(listed and listed[0].get("version") == 2 and listed[0].get("title") == "Talk proposal 2026",
                     "with --watch, the edited form is served as version 2 within 2 s of the write",
                     f"{listed!r} after {time.monotonic() - written:.1f} s")

        # The page opened before the edit is sent: two points where three are needed now.
        old = driver.find_element(By.TAG_NAME, "html")
        click(driver, By.ID, "submit")
        wait.until(gone(old))
        heading = driver.find_element(By.TAG_NAME, "h1").text
        checks.check(heading == "Talk proposal 2026", "the page answering the post is the edited form's", repr(heading))
        errors = driver.find_elements(By.CSS_SELECTOR, 'fieldset[aria-describedby="error-outline"] > p#error-outline')
        text = errors[0].text if errors else ""
        checks.check(text == "must have at least 3 items (has 2)", "the outline's error stands at its fieldset", repr(text))
        summary = driver.find_element(By.CSS_SELECTOR, ".summary").text
        checks.check("outline" not in summary, "the summary does not name the repeat by its key", repr(summary))
        count = len(driver.find_elements(By.CSS_SELECTOR, 'input[name^="outline."]'))
        checks.check(count == 3, "the outline now offers the three points it needs", f"{count} inputs")
        driver.save_screenshot(os.path.join(out_dir, "proposal-error.png"))

        with open(definition, "w") as file:
            file.write('{"title": "Broken", "sections": [')
        time.sleep(1.5)
        driver.get(server.url + "/forms/proposal")
        heading = driver.find_element(By.TAG_NAME, "h1").text
        checks.check(heading == "Talk proposal 2026", "a broken edit leaves the last good page served", repr(heading))
        checks.check(any("not reloaded, version 2 is still served" in line for line in server.lines),
                     "the broken edit is logged", "\n".join(server.lines[-5:]))
    finally:
        if driver is not None:
            driver.quit()
        code = server.stop()
        checks.check(code == 0, "the proposal's server stops with exit 0 on SIGTERM", f"exit {code}")


if __name__ == "__main__":
    sys.exit(main())
