"""The cases: finding and reading them (loader), validating them against spec/ (validate, checks,
schema_errors), old ids (aliases), choosing which to run (selection), where they come from
(provenance: official rulings, CR text) and the Comprehensive Rules as a look-up (rules)."""
