import io

import bugzilla, pytest  # python-bugzilla's attachfile and openattachment, over XML-RPC (its default) and REST
import requests

URL = "http://127.0.0.1:3080"
KEY = "DevKey0123456789abcdefghijklmnopqrstuvw"
FIXTURE = {
    "groups": ["editbugs"],
    "users": [{"login": "dev@example.com", "groups": ["editbugs"], "api_keys": [KEY]}],
    "bugs": [{"id": 5, "summary": "Crash on start", "product": "Widgets", "assigned_to": "dev@example.com"}],
    "attachments": [{"id": 1, "bug_id": 5, "file_name": "log.txt", "summary": "The log", "content_type": "text/plain",
                     "creator": "dev@example.com", "creation_time": "2026-01-01T09:00:00Z", "data": "c3RhcnQK"}],
}

def setup_function():
    requests.post(f"{URL}/__admin/reset", json=FIXTURE).raise_for_status()

@pytest.mark.parametrize("force_rest", [False, True])
def test_attach_a_file_and_read_it_back(force_rest):
    bz = bugzilla.Bugzilla(URL, api_key=KEY, force_rest=force_rest)
    assert bz.openattachment(1).read() == b"start\n"
    every_byte = bytes(range(256))
    new_id = bz.attachfile(5, io.BytesIO(every_byte), "Every byte", file_name="bytes.bin", comment="Attached")
    attachment = bz.openattachment(new_id)
    assert (attachment.name, attachment.read()) == ("bytes.bin", every_byte)
    bz._backend.bug_attachment_update([new_id], {"is_obsolete": True, "summary": "Every byte, once"})
    [listed] = [a for a in bz.get_attachments(5, None)["bugs"]["5"] if a["id"] == new_id]
    assert (listed["summary"], listed["is_obsolete"], listed["content_type"]) == (
        "Every byte, once", 1, "application/octet-stream")
    texts = [c["text"] for c in bz.getbug(5).getcomments()]
    assert texts[-1] == f"Created attachment {new_id}\nEvery byte, once\n\nAttached"

def test_a_refusal_is_a_fault_with_5_2s_code():
    bz = bugzilla.Bugzilla(URL, api_key=KEY)
    with pytest.raises(Exception) as refused:
        bz.attachfile(5, io.BytesIO(b""), "Empty", file_name="empty.txt")
    assert refused.value.faultCode == 606
