"""The archive's SQLite file: opened, upgraded step by step, a damaged one set aside and salvaged."""
