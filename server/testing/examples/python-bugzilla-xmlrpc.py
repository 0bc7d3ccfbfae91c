import bugzilla, pytest  # python-bugzilla in its default mode: XML-RPC to /xmlrpc.cgi
import requests

URL = "http://127.0.0.1:3080"
KEY = "DevKey0123456789abcdefghijklmnopqrstuvw"
FIXTURE = {
    "users": [{"login": "dev@example.com", "password": "correct horse battery staple", "api_keys": [KEY]}],
    "bugs": [{"id": 5, "summary": "Crash on start", "product": "Widgets", "assigned_to": "dev@example.com",
              "comments": [{"author": "dev@example.com", "time": "2026-01-01T09:00:00Z", "text": "Steps: start it."}]}],
}

def setup_function():
    requests.post(f"{URL}/__admin/reset", json=FIXTURE).raise_for_status()

def test_the_documented_calls_over_xml_rpc():
    bz = bugzilla.Bugzilla(URL, api_key=KEY)
    assert bz.is_xmlrpc() and (bz.bz_ver_major, bz.bz_ver_minor) == (5, 2)
    bug = bz.getbug(5)
    assert (bug.summary, bug.assigned_to) == ("Crash on start", "dev@example.com")
    assert [c["text"] for c in bug.getcomments()] == ["Steps: start it."]
    assert [b.id for b in bz.query(bz.build_query(product="Widgets"))] == [5]
    [visit] = bz._proxy.BugUserLastVisit.update({"ids": [5]})
    assert bz._proxy.BugUserLastVisit.get({"ids": [5]}) == [visit]

def test_login_with_a_password_and_a_bad_key():
    bz = bugzilla.Bugzilla(URL)
    bz.login("dev@example.com", "correct horse battery staple")  # User.login; then its token on every call
    [visit] = bz._proxy.BugUserLastVisit.update({"ids": [5]})
    assert visit["id"] == 5
    with pytest.raises(Exception) as refused:
        bugzilla.Bugzilla(URL, api_key="x" * 40).getbug(5)
    assert refused.value.faultCode == 306
