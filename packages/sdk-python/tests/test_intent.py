import unittest

from dossier import PermissionError

from .support import ServerTest


class IntentTest(ServerTest):
    def test_topics_and_paged_intent(self):
        dossier = self.client()
        topics = dossier.intent.topics(limit=5)["data"]
        self.assertGreater(len(topics), 0)
        topic = topics[0]["topic"]
        self.assertIn(topic, [t["topic"] for t in dossier.intent.topics(prefix=topic[:3])["data"]])
        first = dossier.intent(limit=5, min_score=0)
        self.assertEqual(len(first["data"]), 5)
        self.assertIsNotNone(first["cursor"])
        seen = [
            (s["type"], s["company"]["id"], s.get("topic"), (s.get("person") or {}).get("id"))
            for s in dossier.intent.iterate(limit=5, min_score=0, max_pages=3)
        ]
        self.assertEqual(len(seen), 15)
        self.assertEqual(len(set(seen)), 15)


class IngestTest(ServerTest):
    def test_ingest_methods_reach_their_operations(self):
        # The demo key lacks the operator-only `ingest` scope: each call is routed and refused for it.
        dossier = self.client()
        calls = [
            lambda: dossier.ingest.signals([{"domain": "northwind.example", "topic": "crm software"}]),
            lambda: dossier.ingest.job_postings([{"domain": "northwind.example", "title": "Engineer"}]),
            lambda: dossier.ingest.records("people", "test", [{"email": "a@b.example"}]),
        ]
        for call in calls:
            with self.assertRaises(PermissionError) as caught:
                call()
            self.assertIn("ingest", caught.exception.message)


if __name__ == "__main__":
    unittest.main()
