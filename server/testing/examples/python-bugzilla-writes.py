import bugzilla, pytest  # python-bugzilla files and changes bugs, over XML-RPC (its default) and REST
import requests

URL = "http://127.0.0.1:3080"
KEY = "DevKey0123456789abcdefghijklmnopqrstuvw"
FLAG = {"id": 1, "name": "review", "type_id": 1, "status": "+", "setter": "dev@example.com",
        "creation_date": "2026-01-01T00:00:00Z", "modification_date": "2026-01-01T00:00:00Z"}
FIXTURE = {
    "groups": ["editbugs"],
    "users": [{"login": "dev@example.com", "groups": ["editbugs"], "api_keys": [KEY]}, {"login": "qa@example.com"}],
    "bugs": [{"id": 1, "summary": "Seed", "product": "Widgets", "component": "Backend", "version": "1.0",
              "assigned_to": "dev@example.com", "flags": [FLAG]}],
}

def setup_function():
    requests.post(f"{URL}/__admin/reset", json=FIXTURE).raise_for_status()

@pytest.mark.parametrize("force_rest", [False, True])
def test_create_update_and_read_back(force_rest):
    bz = bugzilla.Bugzilla(URL, api_key=KEY, force_rest=force_rest)
    assert bz.is_rest() == force_rest
    created = bz.createbug(bz.build_createbug(product="Widgets", component="Backend", version="1.0",
                                              summary="Filed from python", description="Steps to reproduce.",
                                              op_sys="All", platform="All"))
    bug = bz.getbug(created.id)
    assert (bug.summary, bug.status, bug.reporter) == ("Filed from python", "CONFIRMED", "dev@example.com")

    bz.update_bugs([bug.id], bz.build_update(status="RESOLVED", resolution="FIXED", cc_add=["qa@example.com"],
                                             comment="Fixed it.",
                                             flags=[{"name": "review", "status": "?", "requestee": "qa@example.com"}]))
    bug.refresh()
    assert (bug.status, bug.resolution, bug.cc) == ("RESOLVED", "FIXED", ["qa@example.com"])
    assert [(f["name"], f["status"], f["requestee"]) for f in bug.flags] == [("review", "?", "qa@example.com")]
    assert [c["text"] for c in bug.getcomments()] == ["Steps to reproduce.", "Fixed it."]

    bz.update_bugs([bug.id], bz.build_update(cc_remove=["qa@example.com"], flags=[{"name": "review", "status": "X"}]))
    bug.refresh()
    assert (bug.cc, bug.flags) == ([], [])
    changes = [c["field_name"] for h in bug.get_history_raw()["bugs"][0]["history"] for c in h["changes"]]
    assert {"status", "resolution", "cc", "flagtypes.name"} <= set(changes)

    with pytest.raises(Exception) as refused:  # RESOLVED -> IN_PROGRESS is not in 5.2's workflow
        bz.update_bugs([bug.id], bz.build_update(status="IN_PROGRESS"))
    # XML-RPC: 5.2's fault code; REST: python-bugzilla 3.2 raises the HTTP status alone, as it does against 5.2
    error = refused.value
    assert ("400 Client Error" in str(error)) if force_rest else error.faultCode == 123
    bug.refresh()
    assert bug.status == "RESOLVED"
