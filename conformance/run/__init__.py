"""Running cases on an engine: the one runner (runner), the comparison of an observation with a
case's expectation (compare), the adapter protocol (protocol, quickcheck), an adapter's health check
(smoke) and certification (certify: plan, run, report)."""
