"""What the rulebooks say, executable: the clause catalogue, the rules, and the record monitor.

`spec` is one of two independent encodings of the rules; it never imports `engine`.
"""
