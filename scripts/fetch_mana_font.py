"""Fetch the mana-font icon set from the npm registry and keep what mtgmana needs.

mtgmana's HTML deck reports draw mana symbols with Andrew Gioia's mana-font (the
icon font the Magic community uses on the web). This script obtains it exactly as
it was obtained for the files in ``src/mtgmana/data/``:

1. ``npm pack mana-font@1.18.0`` in a temporary directory (the npm registry);
2. from the tarball: ``fonts/mana.woff2`` -> ``data/mana.woff2`` (unchanged), and
   from ``css/mana.css`` only the rules for mana symbols -> ``data/mana-symbols.css``
   (``ms``, ``ms-cost``, ``ms-shadow``, ``ms-half``, ``ms-split``, the colors
   ``ms-w`` ... ``ms-g``, ``ms-c``, numbers ``ms-0`` ... ``ms-20``, ``ms-100``,
   ``ms-1000000``, ``ms-x``/``ms-y``/``ms-z``, ``ms-s``, ``ms-e``, ``ms-p``,
   ``ms-h``, ``ms-tap``, ``ms-untap``, ``ms-infinity``, ``ms-1-2``, the hybrids,
   the monocolored hybrids ``{2/W}``, the colorless hybrids ``{C/W}`` and the
   Phyrexian symbols),
   without its ``@font-face`` rules (the report embeds the font as a data URI);
3. the license: the font is under the SIL Open Font License 1.1, the CSS under
   the MIT License (mana-font's README) -> ``data/mana-font-LICENSE.txt``.

Run from the repository root: ``python scripts/fetch_mana_font.py`` (needs ``npm``).
"""

from __future__ import annotations

import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

VERSION = "1.18.0"
DATA = Path(__file__).resolve().parents[1] / "src" / "mtgmana" / "data"

_COLORS = "wubrg"
_PAIRS = ("wu", "wb", "ub", "ur", "br", "bg", "rw", "rg", "gw", "gu")
WANTED = frozenset(
    {
        "ms", "ms-cost", "ms-shadow", "ms-half", "ms-split", "ms-c", "ms-x", "ms-y",
        "ms-z", "ms-s", "ms-e", "ms-p", "ms-h", "ms-tap", "ms-untap", "ms-infinity",
        "ms-1-2", "ms-100", "ms-1000000",
        *(f"ms-{c}" for c in _COLORS),
        *(f"ms-{n}" for n in range(21)),
        *(f"ms-{pair}" for pair in _PAIRS),
        *(f"ms-2{c}" for c in _COLORS),
        *(f"ms-c{c}" for c in _COLORS),
        *(f"ms-{c}p" for c in _COLORS),
        *(f"ms-{pair}p" for pair in _PAIRS),
    }
)  # fmt: skip
"""The CSS classes of mana symbols kept."""

_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
_CLASS = re.compile(r"\.(ms(?:-[\w-]+)?)")

MIT = """mana-font {version} (https://mana.andrewgioia.com), by Andrew Gioia.

All mana, tap, and card type symbol images are copyright Wizards of the Coast.

The Mana font (mana.woff2) is licensed under the SIL Open Font License 1.1 (below).
The Mana CSS (mana-symbols.css, a subset of css/mana.css) is licensed under the MIT
License:

Copyright (c) Andrew Gioia

Permission is hereby granted, free of charge, to any person obtaining a copy of
this software and associated documentation files (the "Software"), to deal in the
Software without restriction, including without limitation the rights to use,
copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the
Software, and to permit persons to whom the Software is furnished to do so,
subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS
FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR
COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN
AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION
WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.

-----------------------------------------------------------
"""

OFL = """SIL OPEN FONT LICENSE Version 1.1 - 26 February 2007
-----------------------------------------------------------

PREAMBLE
The goals of the Open Font License (OFL) are to stimulate worldwide
development of collaborative font projects, to support the font creation
efforts of academic and linguistic communities, and to provide a free and
open framework in which fonts may be shared and improved in partnership
with others.

The OFL allows the licensed fonts to be used, studied, modified and
redistributed freely as long as they are not sold by themselves. The
fonts, including any derivative works, can be bundled, embedded,
redistributed and/or sold with any software provided that any reserved
names are not used by derivative works. The fonts and derivatives,
however, cannot be released under any other type of license. The
requirement for fonts to remain under this license does not apply
to any document created using the fonts or their derivatives.

DEFINITIONS
"Font Software" refers to the set of files released by the Copyright
Holder(s) under this license and clearly marked as such. This may
include source files, build scripts and documentation.

"Reserved Font Name" refers to any names specified as such after the
copyright statement(s).

"Original Version" refers to the collection of Font Software components as
distributed by the Copyright Holder(s).

"Modified Version" refers to any derivative made by adding to, deleting,
or substituting -- in part or in whole -- any of the components of the
Original Version, by changing formats or by porting the Font Software to a
new environment.

"Author" refers to any designer, engineer, programmer, technical
writer or other person who contributed to the Font Software.

PERMISSION & CONDITIONS
Permission is hereby granted, free of charge, to any person obtaining
a copy of the Font Software, to use, study, copy, merge, embed, modify,
redistribute, and sell modified and unmodified copies of the Font
Software, subject to the following conditions:

1) Neither the Font Software nor any of its individual components,
in Original or Modified Versions, may be sold by itself.

2) Original or Modified Versions of the Font Software may be bundled,
redistributed and/or sold with any software, provided that each copy
contains the above copyright notice and this license. These can be
included either as stand-alone text files, human-readable headers or
in the appropriate machine-readable metadata fields within text or
binary files as long as those fields can be easily viewed by the user.

3) No Modified Version of the Font Software may use the Reserved Font
Name(s) unless explicit written permission is granted by the corresponding
Copyright Holder. This restriction only applies to the primary font name as
presented to the users.

4) The name(s) of the Copyright Holder(s) or the Author(s) of the Font
Software shall not be used to promote, endorse or advertise any
Modified Version, except to acknowledge the contribution(s) of the
Copyright Holder(s) and the Author(s) or with their explicit written
permission.

5) The Font Software, modified or unmodified, in part or in whole,
must be distributed entirely under this license, and must not be
distributed under any other license. The requirement for fonts to
remain under this license does not apply to any document created
using the Font Software.

TERMINATION
This license becomes null and void if any of the above conditions are
not met.

DISCLAIMER
THE FONT SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND,
EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO ANY WARRANTIES OF
MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT
OF COPYRIGHT, PATENT, TRADEMARK, OR OTHER RIGHT. IN NO EVENT SHALL THE
COPYRIGHT HOLDER BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY,
INCLUDING ANY GENERAL, SPECIAL, INDIRECT, INCIDENTAL, OR CONSEQUENTIAL
DAMAGES, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING
FROM, OUT OF THE USE OR INABILITY TO USE THE FONT SOFTWARE OR FROM
OTHER DEALINGS IN THE FONT SOFTWARE.
"""


def symbol_css(css: str) -> str:
    """The rules of ``css`` for the mana symbols in :data:`WANTED`, each rule's
    selectors limited to those naming only wanted classes; no ``@font-face``."""
    kept = [f"/* mana-font {VERSION} (MIT License), mana symbols only */"]
    for match in _RULE.finditer(css):
        head, body = match[1].strip(), match[2].strip()
        if head.startswith("@") or "/*" in head:
            head = head.split("*/")[-1].strip()
            if not head or head.startswith("@"):
                continue
        selectors = [
            s.strip()
            for s in head.split(",")
            if _CLASS.findall(s) and set(_CLASS.findall(s)) <= WANTED
        ]
        if selectors:
            kept.append(",\n".join(selectors) + " {\n  " + body.replace("\n", "\n") + "\n}")
    return "\n".join(kept) + "\n"


def main() -> int:
    with tempfile.TemporaryDirectory() as temp:
        subprocess.run(["npm", "pack", f"mana-font@{VERSION}", "--silent"], cwd=temp, check=True)
        tarball = Path(temp) / f"mana-font-{VERSION}.tgz"
        with tarfile.open(tarball) as archive:
            font = archive.extractfile("package/fonts/mana.woff2")
            css = archive.extractfile("package/css/mana.css")
            if font is None or css is None:
                print("mana-font: the tarball has no fonts/mana.woff2 or css/mana.css")
                return 1
            font_bytes = font.read()
            css_text = css.read().decode("utf-8")
    DATA.mkdir(parents=True, exist_ok=True)
    (DATA / "mana.woff2").write_bytes(font_bytes)
    (DATA / "mana-symbols.css").write_text(symbol_css(css_text), encoding="utf-8")
    (DATA / "mana-font-LICENSE.txt").write_text(MIT.format(version=VERSION) + OFL, encoding="utf-8")
    print(f"mana-font {VERSION}: wrote mana.woff2 ({len(font_bytes):,} bytes), "
          "mana-symbols.css and mana-font-LICENSE.txt to", DATA)  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
