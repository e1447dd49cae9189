"""Play by a code through a mailbox server (magic-wormhole): the host, the guest, whether the
other side is there, and the wormhole on the app's loop."""
