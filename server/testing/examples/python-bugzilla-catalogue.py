import shutil, subprocess, sys
import bugzilla, requests  # python-bugzilla: the catalogue calls, over XML-RPC (its default) and REST

URL = "http://127.0.0.1:3080"
KEY = "DevKey0123456789abcdefghijklmnopqrstuvw"
FIXTURE = {
    "users": [{"login": "dev@example.com", "real_name": "Dana Developer", "api_keys": [KEY]},
              {"login": "qa@example.com", "real_name": "Quinn QA"}],
    "products": [{"name": "Widgets", "description": "Web widgets",
                  "components": [{"name": "Backend", "description": "Server side", "default_assignee": "dev@example.com"},
                                 {"name": "Frontend", "description": "Browser side", "default_assignee": "dev@example.com",
                                  "default_qa_contact": "qa@example.com"}],
                  "versions": ["1.0", "2.0"], "milestones": ["---", "2.0"]}],
}

def setup_function():
    requests.post(f"{URL}/__admin/reset", json=FIXTURE).raise_for_status()

def check(bz):
    assert bz.logged_in  # User.get
    # First: python-bugzilla caches the product as the first call asked for it.
    assert bz.getcomponentdetails("Widgets", "Frontend")["default_qa_contact"] == "qa@example.com"
    assert sorted(bz.getcomponents("Widgets")) == ["Backend", "Frontend"]
    [product] = bz.product_get(names=["Widgets"])
    assert [v["name"] for v in product["versions"]] == ["1.0", "2.0"]
    assert "bug_status" in bz.getbugfields()

def test_over_xml_rpc():
    check(bugzilla.Bugzilla(URL, api_key=KEY))

def test_over_rest():
    check(bugzilla.Bugzilla(URL, api_key=KEY, force_rest=True))

def test_the_info_command():
    def info(*args):
        # The `bugzilla` command (Debian's bugzilla-cli), or the same code from the library.
        program = [shutil.which("bugzilla")] if shutil.which("bugzilla") else \
            [sys.executable, "-c", "import sys; from bugzilla._cli import cli; sys.exit(cli())"]
        command = [*program, "--bugzilla", URL, "--no-cache-credentials", "info", *args]  # as anyone
        done = subprocess.run(command, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return done.stdout.split("\n")
    assert "Widgets" in info("--products")
    assert info("--components", "Widgets")[:2] == ["Backend", "Frontend"]
    assert "Frontend: dev@example.com" in info("--component_owners", "Widgets")
    assert info("--versions", "Widgets")[:2] == ["1.0", "2.0"]
