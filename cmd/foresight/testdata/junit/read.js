// Reads a JUnit XML file with test-results-parser (the reader behind
// testbeats) and prints what it understood as JSON: totals, suites and
// each case's name, status and failure, for cmd/foresight's
// TestJUnitRead to compare with what Foresight meant.
const { parse } = require("test-results-parser");
const r = parse({ type: "junit", files: [process.argv[2]] });
const out = {
  total: r.total, passed: r.passed, failed: r.failed, skipped: r.skipped,
  suites: r.suites.map((s) => ({
    name: s.name, total: s.total, failed: s.failed, skipped: s.skipped,
    cases: s.cases.map((c) => ({ name: c.name, status: c.status, failure: c.failure || "" })),
  })),
};
console.log(JSON.stringify(out));
