import bugzilla, pytest, requests  # python-bugzilla, pytest

URL = "http://127.0.0.1:3080/rest/"
ADMIN = "http://127.0.0.1:3080/__admin"
KEY = "DevKey0123456789abcdefghijklmnopqrstuvw"
FIXTURE = {"users": [{"login": "dev@example.com", "api_keys": [KEY]}], "bugs": [{"id": 1}]}

def setup_function():
    requests.post(f"{ADMIN}/reset", json=FIXTURE).raise_for_status()

def test_the_key_goes_as_a_parameter_and_never_into_the_journal():
    bz = bugzilla.Bugzilla(URL, force_rest=True, api_key=KEY)
    assert bz.bz_ver_major == 5
    sent = requests.get(f"{ADMIN}/requests").json()["requests"]
    assert sent[0]["path"] == "/rest/version"
    assert sent[0]["query"]["Bugzilla_api_key"] == ["[REDACTED]"]

def test_a_dropped_connection_is_a_connection_error():
    requests.post(f"{ADMIN}/faults", json={"path": "/rest/version", "reset": True, "times": 1}).raise_for_status()
    with pytest.raises(requests.exceptions.ConnectionError):
        bugzilla.Bugzilla(URL, force_rest=True)
    assert bugzilla.Bugzilla(URL, force_rest=True).bz_ver_major == 5  # the fault was used up
