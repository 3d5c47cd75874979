"""Adapters: third-party engines (and the reference engine) behind the protocol of spec/protocol.md."""
