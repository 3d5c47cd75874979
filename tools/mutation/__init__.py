"""Mutation testing of the reference engine (issue 19): how many small bugs injected into ``engine/``
does the case suite (and, optionally, the unit and fuzz tests) catch?

The mutants are Cosmic Ray's (``cosmic-ray``, its operators and its mutate-run-restore step); this
package only chooses them (the whole engine or a sample, minus the reviewed equivalent mutants of
``tools/mutation-equivalent.json``), runs the oracle on each in a temporary copy of the checkout (never
in the checkout itself), and writes the report. ``python -m tools.mutation --help``.
"""
