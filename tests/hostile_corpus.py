"""A generated corpus of hostile strings: what an engine, a bot, a record or a results file could
put in a name or a message to break a writer or come alive where it lands."""

from __future__ import annotations

# Every C0 and C1 control character and DEL.
CONTROLS = "".join(chr(c) for c in [*range(0x20), 0x7F, *range(0x80, 0xA0)])
HTML = ("<script>alert(1)</script><img src=x onerror=alert(2)><b onmouseover=alert(3)>b</b>"
        "<i onclick=alert(4)>i</i><u onfocus=alert(5) tabindex=0>u</u>"
        "<iframe src=javascript:alert(6)></iframe>"
        "<svg onload=alert(7)><a href='javascript:alert(8)'>a</a><!-- c --><style>*{}</style>")


def corpus() -> dict[str, str]:
    """Name -> hostile string."""
    strings = {
        "empty": "",
        "spaces": "   ",
        "controls": f"a{CONTROLS}b",
        "carriage-return": "x\r<script>alert(1)</script>",
        "crlf-markdown": "x\r\n# heading\r\n- item\r\n| a | b |",
        "newline-fence": "a\n```\n<script>alert(1)</script>\n```\nb",
        "surrogates": "lone \ud800 and \udfff, a high one at the end \ud83d",
        "html": HTML,
        "html-in-carriage-returns": f"\r{HTML}\r",
        "entities": "&lt;script&gt; &#60;b onclick=x&#62; &amp; &#x3C;",
        "markdown": ("[x](javascript:alert(1)) ![i](x) `code` ``` {: onclick=alert(1) } *em* _em_ "
                     "<http://x.test> <javascript:alert(1)> [ref]: javascript:alert(1) ~~s~~ ==m=="),
        "markdown-line-starts": "# heading",
        "markdown-list": "1. item",
        "markdown-quote": "> quote",
        "markdown-rule": "---",
        "markdown-indented": "    indented code",
        "markdown-table": "| a | b |\n|---|---|",
        "markdown-admonition": "!!! danger \"x\"\n    <script>alert(1)</script>",
        "attribute-list": "text{: onclick=alert(1) } {#id .cls onmouseover=alert(2)}",
        "yaml": "key: value\n- item\n&a *a !!python/object/apply:os.system ['id'] '\"\n# c\n---\n...\n"
                "{a: [b]}",
        "yaml-one-line": "x: y # not a comment? &anchor *alias | > %TAG ! !",
        "xml": "<![CDATA[ ]]> <?xml version='1.0'?> <!DOCTYPE x [<!ENTITY e 'x'>]> &e; \"' ]]>",
        "bidirectional": "\u202eevil\u202c \u2066isolate\u2069 \u200b\u200d\ufeff\u061c\u200e\u200f",
        "separators": "a\x85b\u2028c\u2029d\x0bv\x0cf",
        "noncharacters": "\ufffe\uffff\U0001fffe\ufdd0",
        "astral": "𝕏 🂡 ñ ü ß 字",
        "backticks": "````` `` ` x `",
        "backslashes": "\\ \\\\ \\` \\n \\x1b",
        "rich-markup": "[bold red]markup[/bold red] [link=javascript:x]l[/link]",
        "terminal": "\x1b[2J\x1b]0;owned\x07\x1b[31mred\x9b31m",
        "shell": "$(rm -rf /) `id` ; | && > /tmp/x",
        "jinja": "{{ 7*7 }} {% raw %} {# c #}",
        "json": '{"a": 1} \\u0000 " \\',
        "long": ("<b onclick=x>\r" + "A" * 9_990) * 10,
    }
    strings["everything"] = " ".join(v for k, v in strings.items() if k != "long")
    return strings


CORPUS = corpus()
# The corpus's most hostile strings in one, short enough to be an action an engine may list (1,024
# characters, truco_rules.spec.monitor.engine_bounds).
SHORT = " ".join(CORPUS[k] for k in ("carriage-return", "surrogates", "html", "markdown", "bidirectional",
                                     "separators", "yaml-one-line", "rich-markup", "terminal", "backticks",
                                     "attribute-list", "xml"))
