import json
import os
import re
import time
import unittest
import urllib.request
from unittest import mock

from dossier import OPERATIONS, Dossier

from .support import API_KEY, BASE_URL, ServerTest


class MethodsTest(ServerTest):
    def test_company_and_rate_limit_state(self):
        dossier = self.client()
        self.assertIsNone(dossier.rate_limit)
        company = dossier.company("https://www.northwind.example/about")
        self.assertEqual(company["domain"], "northwind.example")
        self.assertEqual(company["credits_used"], 0)
        state = dossier.rate_limit
        self.assertGreater(state.limit, 0)
        self.assertLess(state.remaining, state.limit)
        self.assertGreaterEqual(state.reset, int(time.time()))
        self.assertLessEqual(state.reset, int(time.time()) + 62)
        before = state.remaining
        dossier.company("northwind.example")
        self.assertLess(dossier.rate_limit.remaining, before)

    def test_person_found_by_search(self):
        dossier = self.client()
        first = dossier.search.people(limit=1)["data"][0]
        person = dossier.person(first["id"])
        self.assertEqual(person["id"], first["id"])
        self.assertTrue(person["full_name"])

    def test_enrich_single_and_bulk(self):
        dossier = self.client()
        one = dossier.enrich(domain="northwind.example", limit=3)
        self.assertEqual(one["company_profile"]["domain"], "northwind.example")
        self.assertEqual(one["match"]["entity"], "company")
        bulk = dossier.enrich(records=[{"domain": "northwind.example"}, {"domain": "nobody-knows-this.example"}])
        self.assertEqual([r["status"] for r in bulk["results"]], [200, 404])

    def test_usage(self):
        dossier = self.client()
        usage = dossier.usage()
        self.assertEqual(usage["organization"]["plan"], "enterprise")
        ranged = dossier.usage(from_=usage["to"], to=usage["to"])
        self.assertEqual(ranged["from"], usage["to"])

    def test_audience(self):
        out = self.client().audience(
            "meta", [{"email": "Jane.Doe@example.com", "phone": "+1 415 555 0100", "country": "US"}, {"email": "nope"}]
        )
        self.assertEqual(out["summary"]["contacts"], 2)
        self.assertRegex(json.dumps(out["results"][0]["identifiers"]), r"[0-9a-f]{64}")
        self.assertGreater(len(out["results"][1]["rejected"]), 0)

    def test_search_all_three(self):
        dossier = self.client()
        companies = dossier.search.companies(query="software companies", limit=3)
        self.assertEqual(companies["entity"], "companies")
        self.assertTrue(0 < len(companies["data"]) <= 3)
        people = dossier.search.people({"query": "CTOs", "limit": 2})
        self.assertEqual(people["entity"], "people")
        either = dossier.search(entity="people", query="heads of marketing", limit=2)
        self.assertEqual(either["entity"], "people")

    def test_verify_sync(self):
        out = self.client().verify(["not-an-address", "also@@bad"])
        self.assertEqual([r["input"] for r in out["results"]], ["not-an-address", "also@@bad"])
        self.assertEqual(out["results"][0]["status"], "undeliverable")

    def test_call_by_name(self):
        self.assertTrue(self.client().call("get_company", {"domain": "northwind.example"})["name"])
        with self.assertRaises(ValueError):
            self.client().call("no_such_operation")

    def test_key_from_environment(self):
        with mock.patch.dict(os.environ, {"DOSSIER_API_KEY": API_KEY}):
            self.assertEqual(Dossier(base_url=BASE_URL).company("northwind.example")["domain"], "northwind.example")
        with mock.patch.dict(os.environ, {}, clear=True):
            with self.assertRaisesRegex(ValueError, "DOSSIER_API_KEY"):
                Dossier(base_url=BASE_URL)

    def test_every_server_operation_is_known(self):
        with urllib.request.urlopen(f"{BASE_URL}/v1/openapi.json", timeout=20) as response:
            document = json.load(response)
        served = {}
        for path, methods in document["paths"].items():
            for method, spec in methods.items():
                if isinstance(spec, dict) and "operationId" in spec:
                    served[spec["operationId"]] = (method.upper(), path)
        self.assertGreater(len(served), 5)
        known = {name: (op.method, op.path) for name, op in OPERATIONS.items()}
        self.assertEqual(known, served)


class PaginationTest(ServerTest):
    def test_iterates_several_pages_of_five(self):
        ids = [c["id"] for c in self.client().search.companies.iterate(limit=5, max_pages=4)]
        self.assertEqual(len(ids), 20)
        self.assertEqual(len(set(ids)), 20)

    def test_follows_cursor_to_the_end(self):
        dossier = self.client()
        query = {"filters": {"country": ["DE"]}, "limit": 5}
        total = dossier.search.companies(query)["total"]
        self.assertGreater(total, 10)
        pages = list(dossier.search.companies.pages(query))
        self.assertEqual(sum(len(p["data"]) for p in pages), total)
        self.assertEqual(len(pages), -(-total // 5))
        self.assertIsNone(pages[-1]["cursor"])
        people = [p["id"] for p in dossier.search.people.iterate(limit=5, max_pages=3)]
        self.assertEqual(len(set(people)), 15)


class JobsTest(ServerTest):
    emails = [f"not-an-address-{i}" for i in range(7)]

    def test_submit_wait_results_download(self):
        dossier = self.client()
        queued = dossier.jobs.submit(self.emails)
        job_id = queued["job"]["id"]
        self.assertEqual(queued["job"]["total"], 7)
        seen = []
        job = dossier.jobs.wait(job_id, on_progress=seen.append, interval=0.2, timeout=60)
        self.assertEqual(job["status"], "succeeded")
        self.assertEqual(job["done"], 7)
        self.assertEqual(seen[-1]["status"], "succeeded")
        self.assertEqual([r["input"] for r in dossier.jobs.results(job_id, page_size=3)], self.emails)
        page = dossier.jobs.get(job_id, limit=2)
        self.assertEqual(len(page["results"]), 2)
        self.assertIsNotNone(page["next_cursor"])
        lines = dossier.jobs.download(job_id).strip().splitlines()
        self.assertTrue(re.match(r"^input,email,status", lines[0]))
        self.assertEqual(len(lines), 8)

    def test_same_idempotency_key_same_job(self):
        dossier = self.client()
        a = dossier.jobs.submit(self.emails, idempotency_key="py-key-1")
        b = dossier.jobs.submit(self.emails, idempotency_key="py-key-1")
        self.assertEqual(a["job"]["id"], b["job"]["id"])
        self.assertNotEqual(dossier.jobs.submit(self.emails)["job"]["id"], a["job"]["id"])

    def test_long_list_becomes_a_job(self):
        out = self.client().verify([f"bad-{i}" for i in range(101)])
        self.assertEqual(out["job"]["total"], 101)


if __name__ == "__main__":
    unittest.main()
